import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { benchEnv, seedReader, waitUntilUp, withBenchDatabase } from './harness.js';

const POLICIES = Number(process.env.BENCH_POLICIES ?? 100_000);
const PAGE = 1000;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;
const LIST = '/policies?status=active&sort=effectiveTo&limit=20';

function rate(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 16, pipelining: 1, duration: seconds }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx || result.errors)
        return reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      resolve(result.requests.average);
    });
  });
}

/**
 * Keyset depth: at 100,000 policies, page 1,000 of a filtered, sorted list (status=active,
 * sort=effectiveTo, 20 a page) against page 1, over HTTP on the compiled app. The cursor of page
 * 1,000 is reached by following nextCursor from page 1. Also prints the plan PostgreSQL picks for
 * `q` at that size (the trigram index).
 */
export async function benchPolicyList(): Promise<{ line: string }> {
  return withBenchDatabase(async (orm, base) => {
    const em = orm.em.fork();
    const { caller, token } = await seedReader(em, JWT_SECRET);
    // Fixture rows in one statement: 100,000 policies over two years of terms, 90% active.
    await em.execute(
      `insert into policies (id, policy_number, status, agent_id, insurer_id, product_code, holder_name, currency,
         sum_insured_minor, premium_minor, effective_from, effective_to)
       select gen_random_uuid(), 'POL-B-' || lpad(i::text, 7, '0'),
         case when i % 10 = 0 then 'cancelled' else 'active' end, ?, 'insurer-' || (i % 7),
         'MOTOR', 'Holder ' || md5(i::text), 'KES', 1000000, 50000,
         date '2025-01-01' + (i % 730), date '2025-01-01' + (i % 730) + 364
       from generate_series(1, ?) as i`,
      [caller, POLICIES],
    );
    await em.execute('analyze policies');
    const [{ 'QUERY PLAN': plan }] = await em.execute(
      `explain (format json) select id from policies where (lower(policy_number) || ' ' || lower(holder_name)) like '%abc12%'`,
    );
    const qIndex = JSON.stringify(plan).includes('policies_search_trgm_idx') ? 'policies_search_trgm_idx' : 'NO INDEX';

    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const app = spawn(process.execPath, ['dist/scripts/start.js'], {
      env: benchEnv(base, { PORT: String(port), LOG_LEVEL: 'warn', JWT_SECRET }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      await waitUntilUp(port, app);
      const auth = { authorization: `Bearer ${token}` };
      const base = `http://127.0.0.1:${port}${LIST}`;
      let cursor = '';
      for (let page = 1; page < PAGE; page++) {
        const res = await fetch(cursor ? `${base}&cursor=${cursor}` : base, { headers: auth });
        if (res.status !== 200) throw new Error(`page ${page}: ${res.status} ${await res.text()}`);
        cursor = ((await res.json()) as { meta: { page: { nextCursor: string } } }).meta.page.nextCursor;
      }
      const deep = `${base}&cursor=${cursor}`;
      await rate(base, auth, 2);
      await rate(deep, auth, 2);
      let first = 0;
      let thousandth = 0;
      for (let i = 0; i < ROUNDS; i++) {
        first += await rate(base, auth, SECONDS);
        thousandth += await rate(deep, auth, SECONDS);
      }
      const cost = first / thousandth;
      const verdict = cost <= 1.5 ? '(target <= 1.5: met)' : '(target <= 1.5: NOT met)';
      return {
        line: `policy list depth (${POLICIES} policies, ${LIST}): page 1 ${(first / ROUNDS).toFixed(0)}/s, page ${PAGE} ${(thousandth / ROUNDS).toFixed(0)}/s  cost ratio ${cost.toFixed(2)} ${verdict}\n  q plan at ${POLICIES} policies: ${qIndex}`,
      };
    } finally {
      app.kill('SIGTERM');
      await (app.exitCode !== null ? undefined : new Promise((r) => app.once('exit', r)));
    }
  });
}
