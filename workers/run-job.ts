import { type Job, UnrecoverableError } from 'bullmq';
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
