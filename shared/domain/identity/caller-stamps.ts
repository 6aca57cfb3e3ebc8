import { uuidv7 } from '../../kernel/ids.js';
import type { RedisClient as Redis } from '../../redis.js';
import type { CallerChange } from '../access/index.js';

/** How long a resolved caller may be reused at most, whatever Redis says (bounds any missed bump). */
export const CALLER_CACHE_MAX_AGE_MS = 30_000;

export type Stamps = readonly [user: string | null, everyone: string | null];

/**
 * Stamps in Redis that change whenever what a caller resolves to may have changed: one per user
 * (sessions revoked, status, roles, insurer) and one for everyone (a role's permissions). A process
 * reuses a resolved caller only while both stamps are what they were when it resolved it. Stamps
 * are fresh random values, never counters, so a Redis restart cannot bring an old one back; they
 * outlive any cached caller, so one that expires cannot match a caller cached before it was set.
 */
export class CallerStamps {
  private readonly ttlSeconds = Math.ceil((2 * CALLER_CACHE_MAX_AGE_MS) / 1000);
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private userKey(userId: string) {
    return `${this.prefix}:caller:u:${userId}`;
  }
  private get everyoneKey() {
    return `${this.prefix}:caller:all`;
  }

  /** The current stamps, or null when Redis cannot say (then nothing cached may be trusted). */
  async read(userId: string): Promise<Stamps | null> {
    if (this.redis.status !== 'ready') return null;
    try {
      const [user, everyone] = await this.redis.mget(this.userKey(userId), this.everyoneKey);
      return [user, everyone];
    } catch {
      return null;
    }
  }

  /** Called after the change committed: every process re-resolves these callers on their next request. */
  async bump(change: CallerChange): Promise<void> {
    const keys =
      change === 'everyone' ? [this.everyoneKey] : [...new Set(change.userIds)].map((id) => this.userKey(id));
    if (!keys.length) return;
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.set(key, uuidv7(), 'EX', this.ttlSeconds);
    const results = await pipeline.exec();
    const failed = results?.find(([err]) => err);
    if (failed) throw failed[0];
  }
}

export const sameStamps = (a: Stamps, b: Stamps) => a[0] === b[0] && a[1] === b[1];
