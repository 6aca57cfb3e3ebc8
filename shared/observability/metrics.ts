import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { UnauthenticatedError } from '../kernel/errors.js';
import { RequestSeries } from './request-series.js';
import { JOB_STATES, type SystemState } from './system-state.js';

/**
 * Prometheus metrics (prom-client). Each process has its own registry: process metrics (CPU, memory,
 * event loop, GC), and what the process does (web: HTTP requests; worker: jobs). The system's state
 * (queue counts, live workers, outbox and audit backlogs) is read at each scrape of a web process.
 */
export function createRegistry(processType: 'web' | 'worker' | 'all'): Registry {
  const registry = new Registry();
  // WEB_CONCURRENCY: each scrape of the port reaches one of the processes; its own `pid` label keeps
  // each one's counters a series of their own (sum them across pids), instead of one series jumping.
  registry.setDefaultLabels(
    cluster.isWorker ? { process_type: processType, pid: String(process.pid) } : { process_type: processType },
  );
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Seconds: from a fast read to a slow sweep. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Job durations by queue, job name and outcome (completed, failed, deferred), observed by the worker running them. */
export function jobMetrics(registry: Registry) {
  const duration = new Histogram({
    name: 'backoffice_job_duration_seconds',
    help: 'Time a job ran in this worker, by queue, job name and outcome (completed, failed, deferred)',
    labelNames: ['queue', 'name', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return {
    observe: (queue: string, name: string, outcome: 'completed' | 'failed' | 'deferred', seconds: number) =>
      duration.labels(queue, name, outcome).observe(seconds),
  };
}

/** HTTP requests by route template, method and status: a count and a duration histogram (request-series.ts). */
export function httpMetrics(registry: Registry): Pick<RequestSeries, 'observe'> {
  return new RequestSeries(registry, DURATION_BUCKETS);
}

/**
 * The system's state as gauges, read once per scrape by `read` (failing reads leave the gauges empty
 * and `backoffice_system_state_up` at 0, so a scrape still answers while PostgreSQL or Redis is down).
 */
export function systemGauges(registry: Registry, read: () => Promise<SystemState>) {
  // prom-client calls every gauge's collect at once: `read` (sharedSystemState) answers them from one read.
  const state = () => read().catch(() => undefined);
  const gauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge, s: SystemState) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        const s = await state();
        if (s) fill(this, s);
      },
    });
  gauge('backoffice_system_state_up', 'Whether this scrape could read the system state (queues, backlogs)', [], (g) =>
    g.set(1),
  );
  gauge('backoffice_jobs', 'Jobs per queue and state', ['queue', 'state'], (g, s) => {
    for (const [queue, counts] of Object.entries(s.queues))
      for (const st of JOB_STATES) g.labels(queue, st).set(counts[st]);
  });
  gauge(
    'backoffice_workers_live',
    'Worker processes heard of within the last three heartbeats, per queue',
    ['queue'],
    (g, s) => {
      for (const [queue, n] of Object.entries(s.liveWorkers)) g.labels(queue).set(n);
    },
  );
  gauge('backoffice_outbox_pending_rows', 'Outbox rows not yet moved to their queue', [], (g, s) =>
    g.set(s.outbox.pending),
  );
  gauge(
    'backoffice_outbox_lag_seconds',
    'Age of the oldest outbox row not yet moved to its queue (0 when none)',
    [],
    (g, s) => g.set(s.outbox.lagSeconds),
  );
  gauge('backoffice_audit_unchained_entries', 'Audit entries not yet chained', [], (g, s) => g.set(s.audit.unchained));
  gauge(
    'backoffice_audit_chain_lag_seconds',
    'Age of the oldest audit entry not yet chained (0 when none)',
    [],
    (g, s) => g.set(s.audit.lagSeconds),
  );
}

/**
 * Whether an Authorization header carries METRICS_TOKEN as a Bearer token, compared in constant time
 * (hashes of equal length, so neither the token's length nor a prefix shows in the timing).
 */
export function assertMetricsAuthorized(header: string | undefined, token: string): void {
  if (!metricsAuthorized(header, token))
    throw new UnauthenticatedError('UNAUTHENTICATED', 'GET /metrics takes Authorization: Bearer <METRICS_TOKEN>');
}

function metricsAuthorized(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(header.slice(7)), digest(token));
}
