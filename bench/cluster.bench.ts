import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import {
  benchEnv,
  type PerRequest,
  perRequest,
  processArgs,
  ratioLine,
  seedReader,
  waitUntilUp,
  withBenchDatabase,
} from './harness.js';
import { deliver } from './webhook.bench.js';

const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 3);
/**
 * Load on each server before the rounds, reads and then intake. Each of N web processes gets 1/N of the
 * load, so it compiles its hot paths N times slower than one process would: with the 2 s this once was,
 * the cluster was measured half cold.
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_CLUSTER_WARMUP_SECONDS ?? 10);
const PROCESSES = Number(process.env.BENCH_CLUSTER_PROCESSES ?? 2);
/** Node arguments for the cluster's processes only (BENCH_NODE_ARGS reaches both servers). */
const CLUSTER_NODE_ARGS = (process.env.BENCH_CLUSTER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const busy = (xs: Measured[]) => `${(mean(xs.map((m) => m.machineBusy)) * 100).toFixed(0)}%`;
const cores = availableParallelism();

type Measured = { perSecond: number } & PerRequest;

function reads(url: string, token: string, seconds: number): Promise<{ perSecond: number; sent: number }> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers: { authorization: `Bearer ${token}` }, connections: 32, duration: seconds },
      (err, result) => {
        if (err) return reject(err);
        if (result.non2xx || result.errors)
          return reject(new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
        resolve({ perSecond: result.requests.average, sent: result.requests.total });
      },
    );
  });
}

/** Until a cluster's primary has forked its `processes` web processes (the warm-up then reaches them all). */
async function waitForProcesses(primary: ChildProcess, processes: number): Promise<void> {
  const children = () => {
    try {
      return readFileSync(`/proc/${primary.pid}/task/${primary.pid}/children`, 'utf8')
        .trim()
        .split(' ')
        .filter(Boolean);
    } catch {
      return [];
    }
  };
  for (let i = 0; i < 600 && children().length < processes; i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * WEB_CONCURRENCY=N (default 2) against one web process, both started as the Procfile starts the web
 * process, on the same database and Redis: authenticated GET /users/{id} and registry intake at 32
 * connections, in interleaved rounds of the same run, after a warm-up of each, with the CPU time per
 * request of each server's processes. On a machine with as many cores as the load
 * generator, PostgreSQL and Redis need, N processes should not be slower than one.
 */
export async function benchCluster(): Promise<{ line: string }> {
  return withBenchDatabase(async (orm, base) => {
    const { target, token } = await seedReader(orm.em.fork(), JWT_SECRET);
    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const env = benchEnv(base, { JWT_SECRET, REGISTRY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    const start = (p: number, processes: number) =>
      spawn(process.execPath, [...(processes > 1 ? CLUSTER_NODE_ARGS : []), ...processArgs('web')], {
        env: { ...env, PORT: String(p), WEB_CONCURRENCY: String(processes) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    const one = start(port, 1);
    const many = start(port + 1, PROCESSES);
    try {
      await Promise.all([waitUntilUp(port, one), waitUntilUp(port + 1, many)]);
      await waitForProcesses(many, PROCESSES);
      const urls = { one: `http://127.0.0.1:${port}`, many: `http://127.0.0.1:${port + 1}` };
      const servers = { one, many };
      const rounds = { readOne: [], readMany: [], inOne: [], inMany: [] } as Record<string, Measured[]>;
      const read = (which: 'one' | 'many', seconds: number) =>
        perRequest(servers[which].pid, () => reads(`${urls[which]}/users/${target}`, token, seconds));
      const intake = (which: 'one' | 'many', run: string, seconds: number) =>
        perRequest(servers[which].pid, () => deliver(urls[which], [target], seconds, run, { secret: WEBHOOK_SECRET }));
      await read('one', WARM_UP_SECONDS);
      await read('many', WARM_UP_SECONDS);
      await intake('one', 'one-warm', WARM_UP_SECONDS / 2);
      await intake('many', 'many-warm', WARM_UP_SECONDS / 2);
      for (let i = 0; i < ROUNDS; i++) {
        rounds.readOne!.push(await read('one', SECONDS));
        rounds.readMany!.push(await read('many', SECONDS));
        rounds.inOne!.push(await intake('one', `one-${i}`, SECONDS));
        rounds.inMany!.push(await intake('many', `many-${i}`, SECONDS));
      }
      const label = `WEB_CONCURRENCY=${PROCESSES}`;
      const line = (what: string, many: Measured[], one: Measured[]) =>
        `${ratioLine(
          `${label} against one web process, ${what} (32 connections)`,
          { label, perSecond: mean(many.map((m) => m.perSecond)) },
          { label: 'one process', perSecond: mean(one.map((m) => m.perSecond)) },
          1.0,
        )}\n  CPU per request (all the server's processes): ${label} ${mean(many.map((m) => m.cpuPerRequest)).toFixed(0)} µs, one process ${mean(one.map((m) => m.cpuPerRequest)).toFixed(0)} µs; the machine busy ${busy(many)} and ${busy(one)} of its ${cores} cores' time`;
      return {
        line: [
          line('GET /users/{id}', rounds.readMany!, rounds.readOne!),
          line('registry intake', rounds.inMany!, rounds.inOne!),
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
