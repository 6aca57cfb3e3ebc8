import { type JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/**
 * Completed jobs kept per queue: the last 1,000, for 7 days, so a run (a sweep started from Bull Board)
 * leaves a trace with its result.
 */
export const KEPT_COMPLETED = { age: 7 * 24 * 3600, count: 1000 } as const;

/** Retries with exponential backoff; failed jobs stay in the failed set for inspection and retry. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: KEPT_COMPLETED,
  removeOnFail: false,
};

/** One producer Queue per name, sharing one Redis connection. */
export class QueueSet {
  readonly queues: ReadonlyMap<string, Queue>;

  /** `names`: every queue of the service (the job catalogue's). */
  constructor(
    readonly connection: Redis,
    readonly prefix: string,
    names: readonly string[],
  ) {
    this.queues = new Map(
      names.map((name) => {
        const queue = new Queue(name, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
        queue.on('error', () => {});
        return [name, queue] as const;
      }),
    );
  }

  has(name: string): boolean {
    return this.queues.has(name);
  }

  get(name: string): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Unknown queue ${name}`);
    return queue;
  }

  async counts(): Promise<Record<string, Record<string, number>>> {
    const entries = await Promise.all(
      [...this.queues].map(
        async ([name, queue]) =>
          [
            name,
            await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized'),
          ] as const,
      ),
    );
    return Object.fromEntries(entries);
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
