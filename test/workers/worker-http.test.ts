import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { serveWorkerHttp } from '../../workers/http.js';
import { spawnService } from '../helpers/processes.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';

/**
 * A worker process's own port (WORKER_PORT): /health/live, and /metrics with its job durations by
 * queue, name and outcome; and its heartbeats, which make /health count it as a live worker of each
 * queue until it stops.
 */
const TOKEN = 'worker-metrics-token-0123456789';
let stack: Stack;
let base: string;
let port: number;
let close: () => void;
test.before(async () => {
  stack = await startStack({ workers: true, env: { METRICS_TOKEN: TOKEN, WORKER_PORT: '0' } });
  const server = await serveWorkerHttp(stack.config, () => stack.workers, stack.app.log as never);
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
test.after.always(async () => {
  close?.();
  await stack?.close();
});

test.serial('/health/live on the worker port answers 200 in the envelope; other paths 404', async (t) => {
  const live = await fetch(`${base}/health/live`);
  t.is(live.status, 200);
  t.like(await live.json(), { data: { status: 'ok' } });
  const other = await fetch(`${base}/nothing`);
  t.is(other.status, 404);
  t.like(await other.json(), { error: { code: 'NOT_FOUND' } });
});

test.serial(
  '/metrics on the worker port: 401 without the token; with it, job durations by queue, name and outcome',
  async (t) => {
    t.is((await fetch(`${base}/metrics`)).status, 401);
    const job = await stack.workers!.queues.get('maintenance').add('purge-idempotency', {});
    await waitFor(async () => (await job.getState()) === 'completed', 'the job to complete');
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    t.is(res.status, 200);
    const text = await res.text();
    t.regex(
      text,
      /backoffice_job_duration_seconds_count\{[^}]*queue="maintenance",name="purge-idempotency",outcome="completed"[^}]*\} [1-9]\d*$/m,
    );
    t.regex(text, /process_resident_memory_bytes\{process_type="worker"\}/);
  },
);

test.serial('a running worker beats: /health counts it live for every queue, and not once it stopped', async (t) => {
  const health = async () => (await stack.app.inject({ method: 'GET', url: '/health' })).json().data;
  const live = (await health()).work.liveWorkers;
  for (const queue of ['webhooks', 'mail', 'audit', 'renewals', 'quotations', 'policies', 'disputes', 'maintenance'])
    t.is(live[queue], 1, queue);
  await stack.workers!.heartbeats.stop();
  t.is((await health()).work.liveWorkers.mail, 0);
});

test.serial('a worker process whose WORKER_PORT is taken stops before it takes any job', async (t) => {
  const worker = spawnService('workers/worker.ts', {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: stack.config.DATABASE_URL,
    REDIS_URL: stack.config.REDIS_URL,
    REDIS_PREFIX: stack.config.REDIS_PREFIX,
    WORKER_PORT: String(port),
    HOST: '127.0.0.1',
  });
  const [code] = await once(worker.child, 'exit');
  t.is(code, 1);
  t.regex(worker.output(), /EADDRINUSE/);
  t.notRegex(worker.output(), /workers started|job started/);
});
