import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { benchEnv, processArgs, seedReader, signedDelivery, waitUntilUp, withBenchDatabase } from './harness.js';

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 300);
const REST_SECONDS = Number(process.env.BENCH_MEMORY_REST_SECONDS ?? 30);
const LIMIT_MB = 300;
/** "Back near idle": within what the web process's idle release waits for before it collects (16 MiB). */
const NEAR_IDLE_MB = 16;
const JWT_SECRET = `bench-${randomBytes(24).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

const rssMb = (pid: number) => (Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096) / 1048576;
const METRICS_TOKEN = `bench-${randomBytes(16).toString('hex')}`;

/** What the web process's memory holds, from its own /metrics: V8's heap (used of total) and memory outside it. */
async function heapOf(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const mb = (name: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
    return line ? (Number(line.split(' ').at(-1)) / 1048576).toFixed(0) : '?';
  };
  return `heap ${mb('nodejs_heap_size_used_bytes')} of ${mb('nodejs_heap_size_total_bytes')} MB, external ${mb('nodejs_external_memory_bytes')} MB`;
}

/**
 * The web process's resident memory through BENCH_MEMORY_SECONDS (default 300) of mixed load over real
 * HTTP, 32 connections each cycling through an authenticated user read, a policy read, a policy list
 * and a signed registry delivery, with a worker applying the deliveries; then BENCH_MEMORY_REST_SECONDS
 * idle. Prints RSS at idle, its peak under load (sampled every second) and after the rest, against
 * LIMIT_MB, and whether the rest brought it back within NEAR_IDLE_MB of idle. The web process starts as the Procfile starts it (its heap bounds included).
 */
export async function benchMemory(): Promise<{ line: string }> {
  return withBenchDatabase(async (orm, base) => {
    const em = orm.em.fork();
    const { caller, policy, token } = await seedReader(em, JWT_SECRET);
    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const env = benchEnv(base, {
      PORT: String(port),
      JWT_SECRET,
      REGISTRY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      METRICS_TOKEN,
    });
    const web = spawn(process.execPath, processArgs('web'), { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const worker = spawn(process.execPath, processArgs('worker'), {
      env: { ...env, LOG_LEVEL: 'warn', WORKER_PORT: '0' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      await waitUntilUp(port, web);
      await new Promise((r) => setTimeout(r, 2000));
      const idle = rssMb(web.pid!);
      const idleHeap = await heapOf(port);
      let peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(web.pid!));
      }, 1000);
      const auth = { authorization: `Bearer ${token}` };
      let n = 0;
      const result = await autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: 32,
        duration: SECONDS,
        requests: [
          { method: 'GET', path: `/users/${caller}`, headers: auth },
          { method: 'GET', path: `/policies/${policy}`, headers: auth },
          { method: 'GET', path: '/policies?limit=20', headers: auth },
          {
            method: 'POST',
            path: '/webhooks/registry',
            setupRequest: (req) => signedDelivery(req, WEBHOOK_SECRET, `evt-mem-${n}`, caller, n++),
          },
        ],
      });
      clearInterval(sampler);
      const loaded = rssMb(web.pid!);
      const loadedHeap = await heapOf(port);
      await new Promise((r) => setTimeout(r, REST_SECONDS * 1000));
      const rested = rssMb(web.pid!);
      const restedHeap = await heapOf(port);
      const verdict = peak < LIMIT_MB ? `under ${LIMIT_MB} MB: met` : `under ${LIMIT_MB} MB: NOT met`;
      const back = rested - idle <= NEAR_IDLE_MB ? 'back near idle: met' : 'back near idle: NOT met';
      return {
        line: `web RSS under ${SECONDS} s of mixed load (${result.requests.average.toFixed(0)} requests/s, ${result.non2xx} non-2xx, ${result.errors} errors): idle ${idle.toFixed(0)} MB (${idleHeap}), peak ${peak.toFixed(0)} MB (${verdict}), at the end ${loaded.toFixed(0)} MB (${loadedHeap}), ${REST_SECONDS} s later ${rested.toFixed(0)} MB (${restedHeap}; ${back})`,
      };
    } finally {
      for (const child of [web, worker]) child.kill('SIGTERM');
      await Promise.all(
        [web, worker].map((c) => (c.exitCode !== null ? undefined : new Promise((r) => c.once('exit', r)))),
      );
    }
  });
}
