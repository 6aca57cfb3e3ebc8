/**
 * The web process alone under 32 connections of authenticated `GET /users/{id}`, to see what its
 * garbage collector does (docs/performance.md, "What the two levels are"):
 *
 *   npx tsx bench/gc-probe.ts [seconds per round] [node arguments for the web process...]
 *   npx tsx bench/gc-probe.ts 8 --trace-gc-nvp
 *
 * It seeds a bench database as `npm run bench` does, starts the web process as the Procfile does (the
 * extra node arguments in front), loads it 10 s, then prints each round's rate and CPU time per
 * request. The web process's standard output (its log lines and V8's traces) goes to
 * /tmp/gc-probe-web.log, or PROBE_OUT (/dev/null: the cost of the log lines without a disk). PROBE_REST_S (0; seconds of quiet after the rounds, then the rounds again), PROBE_ROUNDS (3), PROBE_CONNECTIONS (32), PROBE_LOG_LEVEL (info); PROBE_BARE=1
 * probes the bare baseline instead. Run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import autocannon from 'autocannon';
import { benchEnv, perRequest, processArgs, seedReader, waitUntilUp, withBenchDatabase } from './harness.js';

const [seconds = '8', ...extra] = process.argv.slice(2);
const JWT_SECRET = `probe-${'x'.repeat(40)}`;
const LOG = process.env.PROBE_OUT ?? '/tmp/gc-probe-web.log';

await withBenchDatabase(async (orm, base) => {
  const { target, token } = await seedReader(orm.em.fork(), JWT_SECRET);
  const port = 45_000 + Math.floor(Math.random() * 1000);
  const bare = Boolean(process.env.PROBE_BARE);
  const args = bare ? [...extra, '--import', 'tsx', 'bench/bare-server.ts'] : [...extra, ...processArgs('web')];
  const env = benchEnv(base, { PORT: String(port), JWT_SECRET, LOG_LEVEL: process.env.PROBE_LOG_LEVEL ?? 'info' });
  const web = spawn(process.execPath, args, { env, stdio: ['ignore', openSync(LOG, 'w'), 'inherit'] });
  try {
    await waitUntilUp(port, web);
    const url = `http://127.0.0.1:${port}/users/${target}`;
    const headers: Record<string, string> = bare ? {} : { authorization: `Bearer ${token}` };
    const connections = Number(process.env.PROBE_CONNECTIONS ?? 32);
    const run = (s: number) =>
      new Promise<autocannon.Result>((resolve, reject) =>
        autocannon({ url, headers, connections, duration: s }, (err, result) => (err ? reject(err) : resolve(result))),
      );
    await run(10);
    const rounds = async (label: string) => {
      for (let i = 0; i < Number(process.env.PROBE_ROUNDS ?? 3); i++) {
        const r = await perRequest(web.pid, async () => {
          const result = await run(Number(seconds));
          return { result, sent: result.requests.total };
        });
        console.log(
          `${label}round ${i}: ${r.result.requests.average.toFixed(0)}/s, CPU per request ${r.cpuPerRequest.toFixed(0)} µs, non-2xx ${r.result.non2xx}`,
        );
      }
    };
    await rounds('');
    // PROBE_REST_S: a quiet spell, then the rounds again (what the idle memory release costs afterwards).
    const rest = Number(process.env.PROBE_REST_S ?? 0);
    if (rest > 0) {
      await new Promise((r) => setTimeout(r, rest * 1000));
      await rounds(`after ${rest} s of quiet: `);
    }
    console.log(`the web process's output: ${LOG}`);
  } finally {
    web.kill('SIGTERM');
    await new Promise((resolve) => web.once('exit', resolve));
  }
});
process.exit(0);
