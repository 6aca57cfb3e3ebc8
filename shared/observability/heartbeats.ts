import { hostname } from 'node:os';
import type { RedisClient as Redis } from '../redis.js';

/** How often a worker process says it is alive, for each queue it takes jobs from. */
export const HEARTBEAT_MS = 5000;
/** A worker not heard of for this long (three beats) is not counted as live. */
const LIVE_FOR_MS = 3 * HEARTBEAT_MS;

const keyOf = (prefix: string, queue: string) => `${prefix}:heartbeats:${queue}`;

/**
 * Worker heartbeats in Redis: one sorted set per queue, each worker process a member scored with the
 * time of its last beat. `/health` and `/metrics` count the members heard of within LIVE_FOR_MS; a
 * worker that stops cleanly leaves at once, a killed one drops out after three missed beats.
 */
export class Heartbeats {
  readonly workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly queues: readonly string[],
  ) {}

  /** Beats now and every HEARTBEAT_MS until `stop`. A beat Redis refuses is skipped (an outage is reported elsewhere). */
  start(): Promise<void> {
    this.timer = setInterval(() => void this.beat().catch(() => {}), HEARTBEAT_MS).unref();
    return this.beat().catch(() => {});
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    const pipeline = this.redis.pipeline();
    for (const queue of this.queues) pipeline.zrem(keyOf(this.prefix, queue), this.workerId);
    await pipeline.exec().catch(() => {});
  }

  private async beat(): Promise<void> {
    const now = Date.now();
    const pipeline = this.redis.pipeline();
    for (const queue of this.queues) {
      pipeline.zadd(keyOf(this.prefix, queue), now, this.workerId);
      // Members of processes long gone are dropped, so the set stays the size of the fleet.
      pipeline.zremrangebyscore(keyOf(this.prefix, queue), 0, now - 10 * LIVE_FOR_MS);
    }
    await pipeline.exec();
  }
}

/** Live worker processes per queue: those heard of within the last three beats. */
export async function liveWorkers(
  redis: Redis,
  prefix: string,
  queues: readonly string[],
): Promise<Record<string, number>> {
  const since = Date.now() - LIVE_FOR_MS;
  const pipeline = redis.pipeline();
  for (const queue of queues) pipeline.zcount(keyOf(prefix, queue), since, '+inf');
  const replies = (await pipeline.exec()) ?? [];
  return Object.fromEntries(
    queues.map((queue, i) => {
      const [err, n] = replies[i] ?? [];
      if (err) throw err;
      return [queue, Number(n ?? 0)];
    }),
  );
}
