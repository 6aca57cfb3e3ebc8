import type { Tracer } from '@opentelemetry/api';
import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { isDatabaseUnavailable } from '../shared/db/unavailable.js';
import { checkJob, InvalidJobError } from '../shared/jobs/catalogue.js';
import type { JobDeps } from '../shared/kernel/deps.js';
import type { JobDefinition } from '../shared/kernel/jobs.js';
import { splitTrace, type Trace } from '../shared/kernel/trace.js';
import { contextOf, linksTo, SpanKind, SpanStatusCode, traceparentOf } from '../shared/observability/tracing.js';

/**
 * A job as the catalogue reads it, checked once per run (a producer outside this code, an old payload
 * still queued): its definition, payload and trace, or why it does not match (it then fails at once:
 * retrying cannot fix it).
 */
type Checked = { definition: JobDefinition; payload: unknown; trace?: Trace } | { invalid: Error };

function check(queue: string, job: Pick<Job, 'name' | 'data'>): Checked {
  try {
    const definition = checkJob(queue, job.name, job.data);
    // The check established that the payload is this job's and the trace, if any, a trace.
    const { payload, trace } = splitTrace(job.data) as { payload: unknown; trace?: Trace };
    return { definition, payload, trace };
  } catch (err) {
    if (err instanceof InvalidJobError) return { invalid: new UnrecoverableError(err.message) };
    throw err;
  }
}

/**
 * The ids of the request that caused a job, for its log lines: its trace, or the ids its payload
 * names itself (a registry event queued alone names the delivery's).
 */
function causeIn(checked: Checked): Trace | undefined {
  if ('invalid' in checked) return undefined;
  return checked.trace ?? checked.definition.causeOf?.(checked.payload as never);
}

/** The longest wait between two runs of a job deferred while the database is unavailable. */
const DEFER_MAX_MS = 30_000;

/**
 * Runs the job; when it fails because PostgreSQL is unreachable (a restart, a failover), it is put
 * back to wait and run again, 1 s, 2 s, 4 s ... up to 30 s apart, without spending one of its
 * attempts: however long the outage, the job is not given up for it. Each job's writes are one
 * transaction, so a run cut short by the fault left nothing half-applied.
 */
export async function runJobThroughOutages(
  deps: JobDeps,
  queue: string,
  job: Job,
  token: string | undefined,
  tracer: Tracer,
): Promise<unknown> {
  const checked = check(queue, job);
  // The job's span continues the trace of the request (or job) that caused it; its log lines carry the
  // trace id beside the job's id and the ids of that request.
  const { traceparent, ...cause } = causeIn(checked) ?? {};
  // A job made for many requests continues the first one's trace and links to all of them.
  const many = 'invalid' in checked ? [] : (checked.definition.linksOf?.(checked.payload as never) ?? []);
  const span = tracer.startSpan(
    `${queue} ${job.name}`,
    {
      kind: SpanKind.CONSUMER,
      links: linksTo(many),
      attributes: { 'messaging.system': 'bullmq', 'messaging.destination.name': queue, 'messaging.message.id': job.id },
    },
    contextOf(traceparent ?? many.find(Boolean)),
  );
  const log = deps.log.child({ queue, jobId: job.id, job: job.name, ...cause, traceId: span.spanContext().traceId });
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  // Every job says when it starts and how it ended (a failure is logged once, by the worker's `failed` event).
  log.info({ attempt: job.attemptsMade + 1 }, 'job started');
  try {
    if ('invalid' in checked) throw checked.invalid;
    const { definition, payload, trace } = checked;
    // The jobs this one produces continue the trace from this job's own span.
    const carried = trace && { ...trace, traceparent: traceparentOf(span.spanContext()) };
    const result = await definition.process({ ...deps, log }, payload, job, carried);
    log.info(
      { outcome: 'completed', durationMs: durationMs(), summary: summaryOf(definition, result) },
      'job completed',
    );
    return result;
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    if (!token || !isDatabaseUnavailable(err)) throw err;
    const deferrals = Math.max(0, (job.attemptsStarted ?? 1) - 1 - (job.attemptsMade ?? 0));
    const wait = Math.min(DEFER_MAX_MS, 1000 * 2 ** Math.min(deferrals, 15));
    log.warn({ outcome: 'deferred', durationMs: durationMs(), waitMs: wait }, 'database unavailable: job deferred');
    await job.moveToDelayed(Date.now() + wait, token);
    throw new DelayedError();
  } finally {
    span.end();
  }
}

/** The ids a job's log lines carry about its cause: the request's ids and the trace id (not the parent span). */
export function causeFields(queue: string, job: Pick<Job, 'name' | 'data'>): Record<string, string> {
  const { traceparent, ...ids } = causeIn(check(queue, job)) ?? {};
  const traceId = traceparent?.split('-')[1];
  return traceId ? { ...ids, traceId } : ids;
}

/**
 * A job's result in words for its end line: its definition's own summary ("expired 12 quotations"),
 * else the counts a result holds ("purged 3"), else nothing.
 */
function summaryOf(definition: JobDefinition, result: unknown): string | undefined {
  if (definition.summary) return definition.summary(result as never);
  if (typeof result === 'string') return result;
  if (result && typeof result === 'object') {
    const counts = Object.entries(result).filter(([, v]) => typeof v === 'number');
    if (counts.length) return counts.map(([k, v]) => `${k} ${v}`).join(', ');
  }
  return undefined;
}
