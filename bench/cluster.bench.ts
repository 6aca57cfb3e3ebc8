import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { benchEnv, processArgs, ratioLine, seedReader, waitUntilUp, withBenchDatabase } from './harness.js';
import { deliver } from './webhook.bench.js';

const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 2);
const PROCESSES = Number(process.env.BENCH_CLUSTER_PROCESSES ?? 2);
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function reads(url: string, token: string, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers: { authorization: `Bearer ${token}` }, connections: 32, duration: seconds },
      (err, result) => {
        if (err) return reject(err);
        if (result.non2xx || result.errors)
          return reject(new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
        resolve(result.requests.average);
      },
    );
  });
}

/**
 * WEB_CONCURRENCY=N (default 2) against one web process, both started as the Procfile starts the web
 * process, on the same database and Redis: authenticated GET /users/{id} and registry intake at 32
 * connections, in interleaved rounds of the same run. On a machine with as many cores as the load
 * generator, PostgreSQL and Redis need, N processes should not be slower than one.
 */
export async function benchCluster(): Promise<{ line: string }> {
  return withBenchDatabase(async (orm, base) => {
    const { target, token } = await seedReader(orm.em.fork(), JWT_SECRET);
    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const env = benchEnv(base, { JWT_SECRET, REGISTRY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const start = (p: number, processes: number) =>
      spawn(process.execPath, processArgs('web'), {
        env: { ...env, PORT: String(p), WEB_CONCURRENCY: String(processes) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    const one = start(port, 1);
    const many = start(port + 1, PROCESSES);
    try {
      await Promise.all([waitUntilUp(port, one), waitUntilUp(port + 1, many)]);
      const urls = { one: `http://127.0.0.1:${port}`, many: `http://127.0.0.1:${port + 1}` };
      const rates = {
        readOne: [] as number[],
        readMany: [] as number[],
        inOne: [] as number[],
        inMany: [] as number[],
      };
      const webhook = (url: string, run: string) =>
        deliver(url, [target], SECONDS, run, { secret: WEBHOOK_SECRET }).then((r) => r.perSecond);
      await reads(`${urls.one}/users/${target}`, token, 2);
      await reads(`${urls.many}/users/${target}`, token, 2);
      for (let i = 0; i < ROUNDS; i++) {
        rates.readOne.push(await reads(`${urls.one}/users/${target}`, token, SECONDS));
        rates.readMany.push(await reads(`${urls.many}/users/${target}`, token, SECONDS));
        rates.inOne.push(await webhook(urls.one, `one-${i}`));
        rates.inMany.push(await webhook(urls.many, `many-${i}`));
      }
      const label = `WEB_CONCURRENCY=${PROCESSES}`;
      return {
        line: [
          ratioLine(
            `${label} against one web process, GET /users/{id} (32 connections)`,
            { label, perSecond: mean(rates.readMany) },
            { label: 'one process', perSecond: mean(rates.readOne) },
            1.0,
          ),
          ratioLine(
            `${label} against one web process, registry intake (32 connections)`,
            { label, perSecond: mean(rates.inMany) },
            { label: 'one process', perSecond: mean(rates.inOne) },
            1.0,
          ),
        ].join('\n'),
      };
    } finally {
      for (const child of [one, many]) child.kill('SIGTERM');
      await Promise.all(
        [one, many].map((c) => (c.exitCode !== null ? undefined : new Promise((r) => c.once('exit', r)))),
      );
    }
  });
}
