import { type JobsOptions, Queue } from 'bullmq';
import type { RedisClient as Redis } from '../redis.js';

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

/**
 * The BullMQ prefix of a queue. On one Redis server, REDIS_PREFIX for all (`{ins}`: every queue in one
 * hash slot costs nothing there, and the keys stay where earlier versions put them). On a Redis Cluster,
 * a hash tag per queue (`{ins:policies}`): each queue's keys share a slot, as BullMQ's scripts need,
 * and different queues land on different masters.
 */
export const queuePrefix = (prefix: string, queue: string, clustered: boolean): string =>
  clustered ? `{${prefix.replace(/[{}]/g, '')}:${queue}}` : prefix;

/** One producer Queue per name, sharing one Redis connection. */
export class QueueSet {
  readonly queues: ReadonlyMap<string, Queue>;

  /**
   * `names`: every queue of the service (the job catalogue's). `prefix`: REDIS_PREFIX, the prefix of
   * the service's own keys (heartbeats); `clustered`: on a Redis Cluster, a hash tag per queue.
   */
  constructor(
    readonly connection: Redis,
    readonly prefix: string,
    names: readonly string[],
    private readonly clustered = false,
  ) {
    this.queues = new Map(
      names.map((name) => {
        const queue = new Queue(name, {
          connection,
          prefix: this.prefixOf(name),
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
        });
        queue.on('error', () => {});
        return [name, queue] as const;
      }),
    );
  }

  /** The BullMQ prefix of the queue `name` (see queuePrefix): a Worker of it must use the same. */
  prefixOf(name: string): string {
    return queuePrefix(this.prefix, name, this.clustered);
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
