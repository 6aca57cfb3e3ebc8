import { type Job, UnrecoverableError } from 'bullmq';
import { checkJob, InvalidJobError, type JobKey } from '../../shared/jobs/catalogue.js';
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
  // The check above established that the payload is this key's.
  const processor = processors[key] as Processor<JobKey>;
  return processor(deps, job.data, job);
}
