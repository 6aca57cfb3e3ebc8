import type { Job, Worker } from 'bullmq';
import type { QueueSet } from '../shared/kernel/queue-set.js';
import type { Logger } from '../shared/logger.js';
import { withTimeout } from '../shared/redis.js';

/**
 * Stops taking jobs and gives the active ones `graceMs` to finish; those still running then are handed
 * back to their queue (moved to wait, so another worker runs them; each job's writes are one
 * transaction, so the run cut short left nothing). Returns how many were handed back.
 */
export async function stopJobs(
  workers: Worker[],
  active: Map<string, { job: Job; token: string }>,
  graceMs: number,
  queues: QueueSet,
  log: Logger,
): Promise<number> {
  // Bounded: after a Redis Cluster failover a worker's blocking connection can be left with no node,
  // and ioredis then never reports it closed; the process must still stop.
  // Its connections are then cut, so that no retry of theirs keeps the process alive.
  const bounded = (w: Worker, step: Promise<unknown>, what: string) =>
    withTimeout(step, 5000, `${what} the ${w.name} worker`).catch((err) => {
      log.warn(
        { err, queue: w.name },
        `${what} the worker took too long; its lock renewal and connections are stopped`,
      );
      // BullMQ closes its lock manager only after the jobs it waits for: its renewal timer would keep
      // the process alive (a `protected` member, reached on purpose).
      void (w as unknown as { lockManager?: { close(): Promise<void> } }).lockManager?.close();
      void withTimeout(w.disconnect(), 1000, 'disconnecting a worker').catch(() => {});
    });
  await Promise.all(workers.map((w) => bounded(w, w.pause(true), 'pausing')));
  const deadline = Date.now() + graceMs;
  while (active.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const left = [...active.values()];
  // Closed first, so no worker fetches a job handed back; the jobs are moved through the producer's queues.
  await Promise.all(workers.map((w) => bounded(w, w.close(left.length > 0), 'closing')));
  // A job fetched as the pause began can have started since: still running now, it is handed back too.
  for (const entry of active.values()) if (!left.includes(entry)) left.push(entry);
  for (const { job, token } of left) {
    const fields = { queue: job.queueName, jobId: job.id, job: job.name };
    await queues
      .get(job.queueName)
      .getJob(job.id!)
      .then((held) => held?.moveToWait(token))
      .then(() => log.warn(fields, 'job handed back to its queue at shutdown'))
      .catch((err) => log.error({ err, ...fields }, 'could not hand a job back; it returns when its lock runs out'));
  }
  return left.length;
}
