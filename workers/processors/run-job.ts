import { type Job, UnrecoverableError } from 'bullmq';
import { checkJob, InvalidJobError, type JobKey } from '../../shared/jobs/catalogue.js';
import { splitTrace, type Trace, traceOf } from '../../shared/kernel/trace.js';
import { type Processor, processors, type WorkerDeps } from './index.js';

/**
 * Checks a job against the catalogue again (a producer outside this code, an old payload still
 * queued) and runs its processor. A job that does not match fails at once: retrying cannot fix it.
 */
export async function runJob(deps: WorkerDeps, queue: string, job: Job): Promise<unknown> {
  let key: JobKey;
  try {
    key = checkJob(queue, job.name, job.data).key;
  } catch (err) {
    if (err instanceof InvalidJobError) throw new UnrecoverableError(err.message);
    throw err;
  }
  // The check above established that the payload is this key's and the trace, if any, a trace.
  const { payload, trace } = splitTrace(job.data) as { payload: unknown; trace?: Trace };
  const processor = processors[key] as Processor<JobKey>;
  // The job's log lines name the request that caused it.
  const cause = causeOf(queue, job);
  const traced = cause ? { ...deps, log: deps.log.child(cause) } : deps;
  return processor(traced, payload as never, job, trace);
}

/**
 * The ids of the request that caused a job, for its log lines: its trace, or for a registry event
 * queued alone the ids of the delivery it names.
 */
export function causeOf(queue: string, job: Pick<Job, 'name' | 'data'>): Trace | undefined {
  const { trace } = splitTrace(job.data);
  if (trace) return trace;
  if (queue !== 'webhooks' || job.name !== 'registry-event') return undefined;
  const { requestId, correlationId } = job.data as { requestId?: string; correlationId?: string };
  return traceOf({ requestId, correlationId });
}
