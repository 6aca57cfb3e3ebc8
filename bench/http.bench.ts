import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { benchEnv, perRequest, processArgs, ratioLine, seedReader, waitUntilUp, withBenchDatabase } from './harness.js';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
/**
 * Load before the measured rounds, for each server: until the JIT has compiled the hot paths and the
 * heap has settled. The app's per-round CPU per request falls for its first 10 to 20 s of load (it has
 * far more code to compile than the bare process); 2 s left the first endpoint measured half cold.
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_HTTP_WARMUP_SECONDS ?? 10);
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;

interface Measured {
  perSecond: number;
  p99: number;
  /** The server process's CPU time (all its threads, user and system) per request, in µs; NaN off Linux. */
  cpuPerRequest: number;
}

function run(url: string, headers: Record<string, string>, seconds: number, server: ChildProcess): Promise<Measured> {
  return perRequest(
    server.pid,
    () =>
      new Promise<Omit<Measured, 'cpuPerRequest'> & { sent: number }>((resolve, reject) => {
        autocannon({ url, headers, connections: CONNECTIONS, pipelining: 1, duration: seconds }, (err, result) => {
          if (err) return reject(err);
          if (result.non2xx || result.errors)
            return reject(new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
          resolve({ perSecond: result.requests.average, p99: result.latency.p99, sent: result.requests.total });
        });
      }),
  );
}

const mean = (xs: Measured[]): Measured => ({
  perSecond: xs.reduce((s, x) => s + x.perSecond, 0) / xs.length,
  p99: xs.reduce((s, x) => s + x.p99, 0) / xs.length,
  cpuPerRequest: xs.reduce((s, x) => s + x.cpuPerRequest, 0) / xs.length,
});

/**
 * Authenticated single-record reads over real HTTP on loopback (autocannon, 32 connections, no
 * pipelining): GET /users/{id} and GET /policies/{id} on the web process as the Procfile starts it (compiled, request logging on,
 * rate limit in Redis, token check, caller resolution, permission and scope, ORM), against a bare
 * Fastify process doing one primary-key SELECT per request with pg on the same database. The two alternate in
 * rounds of the same run, so the machine's state weighs on both alike.
 */
export async function benchHttp(): Promise<{ line: string }> {
  return withBenchDatabase(async (orm, base) => {
    const em = orm.em.fork();
    const { target, policy, token } = await seedReader(em, JWT_SECRET);

    const appPort = 40_000 + Math.floor(Math.random() * 10_000);
    const barePort = appPort + 1;
    const env = benchEnv(base, { PORT: String(appPort), JWT_SECRET });
    const app = spawn(process.execPath, processArgs('web'), { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
      env: { ...env, PORT: String(barePort) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      await Promise.all([waitUntilUp(appPort, app), waitUntilUp(barePort, bare)]);
      const auth = { authorization: `Bearer ${token}` };
      const compare = async (name: string, path: string, target: number) => {
        const appUrl = `http://127.0.0.1:${appPort}${path}`;
        const bareUrl = `http://127.0.0.1:${barePort}${path}`;
        await run(appUrl, auth, WARM_UP_SECONDS, app); // warm-up: JIT, pools, prepared plans, heap
        await run(bareUrl, {}, WARM_UP_SECONDS, bare);
        const appRounds: Measured[] = [];
        const bareRounds: Measured[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          bareRounds.push(await run(bareUrl, {}, SECONDS, bare));
          appRounds.push(await run(appUrl, auth, SECONDS, app));
        }
        const a = mean(appRounds);
        const b = mean(bareRounds);
        return `${ratioLine(
          `authenticated read (${name}, HTTP, 32 connections)`,
          { label: 'app', perSecond: a.perSecond },
          { label: 'bare Fastify+pg', perSecond: b.perSecond },
          target,
        )}\n  p99: app ${a.p99.toFixed(1)} ms, bare ${b.p99.toFixed(1)} ms; CPU per request: app ${a.cpuPerRequest.toFixed(0)} µs, bare ${b.cpuPerRequest.toFixed(0)} µs (steadier than the rate between runs)`;
      };
      const users = await compare('GET /users/{id}', `/users/${target}`, 0.7);
      const policies = await compare('GET /policies/{id}', `/policies/${policy}`, 0.45);
      return { line: `${users}\n${policies}` };
    } finally {
      app.kill('SIGTERM');
      bare.kill('SIGTERM');
      await Promise.all(
        [app, bare].map((c) => (c.exitCode !== null ? undefined : new Promise((r) => c.once('exit', r)))),
      );
    }
  });
}
