import { DelayedError, type Job, Worker } from 'bullmq';
import type { Registry } from 'prom-client';
import type { Config } from '../shared/config/index.js';
import type { Orm } from '../shared/db/orm.js';
import { createMailTransport, warnWhenMailNotConfigured } from '../shared/domain/mail/index.js';
import { createOrm } from '../shared/domains.js';
import { catalogue, QUEUE_NAMES } from '../shared/jobs/catalogue.js';
import type { Clock } from '../shared/kernel/clock.js';
import type { JobDeps, ServiceDeps } from '../shared/kernel/deps.js';
import { OutboxRelay } from '../shared/kernel/outbox-relay.js';
import { QueueSet } from '../shared/kernel/queue-set.js';
import { createLogger, type Logger } from '../shared/logger.js';
import { Heartbeats } from '../shared/observability/heartbeats.js';
import { releaseMemoryWhenIdle } from '../shared/observability/idle-memory.js';
import { createRegistry, jobMetrics } from '../shared/observability/metrics.js';
import { createTracing } from '../shared/observability/tracing.js';
import { onShutdown } from '../shared/process.js';
import { assertNoEviction, createRedis, isRedisUnreachable, reportOutages, settled } from '../shared/redis.js';
import { createServiceDeps } from '../shared/services.js';
import { serveWorkerHttp } from './http.js';
import { causeFields, runJobThroughOutages } from './run-job.js';
import { registerSchedulers } from './schedulers.js';
import { stopJobs } from './stop-jobs.js';

export interface WorkerHandle {
  deps: ServiceDeps;
  queues: QueueSet;
  relay: OutboxRelay;
  workers: Worker[];
  /** The registry the job metrics are in (the process's, or the one given). */
  orm: Orm;
  metrics: Registry;
  heartbeats: Heartbeats;
  close(): Promise<void>;
}

export interface StartWorkersOptions {
  config: Config;
  log?: Logger;
  orm?: Orm;
  /** The services' clock (default: the system's). */
  clock?: Clock;
  /** Tests start a relay against a dead Redis, or none at all. */
  relay?: boolean;
  schedulers?: boolean;
  /** Share a metrics registry with the web server of the same process (`npm start`). */
  metrics?: Registry;
}

/**
 * Queues whose jobs cannot usefully run side by side in one process: the audit chainer holds the chain
 * head's lock, and the webhook dispatcher its place in the event feed, for a whole pass, so a second
 * job would only wait on that lock, holding a pool connection the other queues need (four did).
 */
const SERIAL_QUEUES = new Set(['audit', 'events']);

/** Starts one BullMQ worker per queue that has processors, the job schedulers and the outbox relay. */
export async function startWorkers(opts: StartWorkersOptions): Promise<WorkerHandle> {
  const { config } = opts;
  const log = opts.log ?? createLogger(config.LOG_LEVEL, 'worker');
  // Checked before anything else is opened, so a refusal leaves nothing behind.
  const producer = createRedis(config, 'command', 'worker-producer');
  await settled(producer);
  try {
    await assertNoEviction(producer);
  } catch (err) {
    producer.disconnect();
    throw err;
  }
  const ownOrm = !opts.orm;
  const orm = opts.orm ?? (await createOrm(config, 'insurance-worker'));
  const mail = createMailTransport(config, log);
  const queues = new QueueSet(producer, config.REDIS_PREFIX, QUEUE_NAMES, Boolean(config.REDIS_CLUSTER_NODES));
  const metrics = opts.metrics ?? createRegistry('worker');
  const deps: JobDeps = { ...createServiceDeps(config, orm, log, producer, opts.clock), mail, queues, metrics };
  const workerConnection = createRedis(config, 'worker', 'worker');
  // One line when Redis goes away and one when it is back, for the whole process.
  const outages = reportOutages(producer, log, 'worker');

  const workers: Worker[] = [];
  /** The jobs running now and their lock tokens, to hand back at shutdown those that outlast the grace. */
  const active = new Map<string, { job: Job; token: string }>();
  const tracing = createTracing('insurance-backoffice-worker', config.OTEL_EXPORTER_OTLP_ENDPOINT);
  const jobs = jobMetrics(metrics);
  for (const queueName of QUEUE_NAMES) {
    const worker = new Worker(
      queueName,
      (job, token) =>
        tracked(active, jobs, job, token, () => runJobThroughOutages(deps, queueName, job, token, tracing.tracer)),
      {
        connection: workerConnection,
        prefix: queues.prefixOf(queueName),
        concurrency: SERIAL_QUEUES.has(queueName) ? 1 : config.WORKER_CONCURRENCY,
        // A killed worker's jobs: their lock runs out, the next stalled check (any worker) moves them
        // back to waiting, and they run again once (a second stall fails them: maxStalledCount 1).
        lockDuration: config.JOB_LOCK_MS,
        stalledInterval: Math.ceil(config.JOB_LOCK_MS / 2),
        maxStalledCount: 1,
        autorun: true,
      },
    );
    worker.on('stalled', (jobId) =>
      log.warn({ queue: queueName, jobId }, 'job stalled (its worker stopped renewing its lock): it runs again'),
    );
    // Lost connections are reported once by reportOutages; BullMQ would repeat them at every retry. What
    // the outage caused (a job lock lost meanwhile) is counted in one line after it.
    worker.on('error', (err) => {
      if (!isRedisUnreachable(err) && !outages.aftermath(err, queueName))
        log.error({ err, queue: queueName }, 'worker error');
    });
    worker.on('failed', (job, err) =>
      log.warn(
        {
          queue: queueName,
          jobId: job?.id,
          job: job?.name,
          attempts: job?.attemptsMade,
          durationMs: job?.finishedOn && job.processedOn ? job.finishedOn - job.processedOn : undefined,
          outcome: 'failed',
          error: err.message,
          ...(job ? causeFields(queueName, job) : undefined),
        },
        'job failed',
      ),
    );
    workers.push(worker);
  }

  if (opts.schedulers !== false) await registerSchedulers(queues, config);
  const relay = new OutboxRelay({
    orm,
    queues,
    log,
    databaseUrl: config.DATABASE_LISTEN_URL ?? config.DATABASE_URL,
    pollMs: config.OUTBOX_POLL_MS,
    mergeOf: (queue, name) => catalogue.mergeOf(queue, name),
  });
  if (opts.relay !== false) await relay.start();
  const heartbeats = new Heartbeats(producer, config.REDIS_PREFIX, QUEUE_NAMES);
  await heartbeats.start();
  log.info({ queues: workers.map((w) => w.name), workerId: heartbeats.workerId }, 'workers started');

  return {
    deps,
    queues,
    relay,
    workers,
    orm,
    metrics,
    heartbeats,
    async close() {
      const dbg = (m: string) =>
        process.env.DEBUG_CLOSE && console.error(`DEBUG_CLOSE ${new Date().toISOString()} ${m}`);
      dbg('relay');
      await relay.stop();
      dbg('heartbeats');
      await heartbeats.stop();
      dbg('stopJobs');
      const handedBack = await stopJobs(workers, active, config.SHUTDOWN_GRACE_MS, queues, log);
      dbg('queues');
      await queues.close();
      dbg('queues closed');
      mail.close();
      await deps.callerStamps.close();
      producer.disconnect();
      workerConnection.disconnect();
      await tracing.shutdown();
      // A handed-back job may still hold a connection in a transaction that will never commit: the
      // process exits and PostgreSQL rolls it back; waiting for the pool would wait for that job.
      if (ownOrm && handedBack === 0) await orm.close();
    },
  };
}

/** The worker process (workers/worker.ts) once its settings are checked: jobs until SIGTERM. */
export async function runWorkerProcess(config: Config): Promise<void> {
  const log = createLogger(config.LOG_LEVEL, 'worker');
  warnWhenMailNotConfigured(config, log);
  // The port first: one already in use (a second worker on the host with the same WORKER_PORT) stops
  // this process before it takes a job, not in the middle of one.
  let handle: WorkerHandle | undefined;
  const http = await serveWorkerHttp(config, () => handle, log);
  handle = await startWorkers({ config, log });
  const started = handle;
  releaseMemoryWhenIdle(log, { idleMs: config.MEMORY_RELEASE_IDLE_MS });
  onShutdown(log, config.SHUTDOWN_TIMEOUT_MS, async () => {
    http.close();
    http.closeAllConnections();
    await started.close();
  });
}

/** Runs a job as one of the active ones (handed back at shutdown if it outlasts the grace), timing it by outcome. */
async function tracked<T>(
  active: Map<string, { job: Job; token: string }>,
  jobs: ReturnType<typeof jobMetrics>,
  job: Job,
  token: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  const key = `${job.queueName}:${job.id}`;
  if (token) active.set(key, { job, token });
  const started = performance.now();
  let outcome: 'completed' | 'failed' | 'deferred' = 'failed';
  try {
    const result = await run();
    outcome = 'completed';
    return result;
  } catch (err) {
    if (err instanceof DelayedError) outcome = 'deferred';
    throw err;
  } finally {
    active.delete(key);
    jobs.observe(job.queueName, job.name, outcome, (performance.now() - started) / 1000);
  }
}
