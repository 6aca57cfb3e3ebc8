import { DelayedError, type Job, UnrecoverableError } from 'bullmq';
import { isDatabaseUnavailable } from '../shared/db/unavailable.js';
import { checkJob, InvalidJobError } from '../shared/jobs/catalogue.js';
import type { JobDeps } from '../shared/kernel/deps.js';
import type { JobDefinition } from '../shared/kernel/jobs.js';
import { splitTrace, type Trace } from '../shared/kernel/trace.js';

/**
 * Checks a job against the catalogue again (a producer outside this code, an old payload still
 * queued) and runs the processor its domain declares. A job that does not match fails at once:
 * retrying cannot fix it.
 */
export async function runJob(deps: JobDeps, queue: string, job: Job): Promise<unknown> {
  let definition: JobDefinition;
  try {
    definition = checkJob(queue, job.name, job.data);
  } catch (err) {
    if (err instanceof InvalidJobError) throw new UnrecoverableError(err.message);
    throw err;
  }
  // The check above established that the payload is this job's and the trace, if any, a trace.
  const { payload, trace } = splitTrace(job.data) as { payload: unknown; trace?: Trace };
  // The job's log lines name the request that caused it.
  const cause = trace ?? definition.causeOf?.(payload);
  const traced = cause ? { ...deps, log: deps.log.child(cause) } : deps;
  return definition.process(traced, payload, job, trace);
}

/**
 * The ids of the request that caused a job, for its log lines: its trace, or the ids its payload
 * names itself (a registry event queued alone names the delivery's).
 */
export function causeOf(queue: string, job: Pick<Job, 'name' | 'data'>): Trace | undefined {
  const { payload, trace } = splitTrace(job.data);
  if (trace) return trace;
  try {
    return checkJob(queue, job.name, job.data).causeOf?.(payload);
  } catch {
    return undefined;
  }
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
): Promise<unknown> {
  try {
    return await runJob(deps, queue, job);
  } catch (err) {
    if (!token || !isDatabaseUnavailable(err)) throw err;
    const deferrals = Math.max(0, (job.attemptsStarted ?? 1) - 1 - (job.attemptsMade ?? 0));
    const wait = Math.min(DEFER_MAX_MS, 1000 * 2 ** Math.min(deferrals, 15));
    deps.log.warn({ queue, jobId: job.id, job: job.name, waitMs: wait }, 'database unavailable: job deferred');
    await job.moveToDelayed(Date.now() + wait, token);
    throw new DelayedError();
  }
}
