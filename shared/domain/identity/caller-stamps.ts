import type { RedisClient as Redis } from '../../redis.js';
import type { CallerChange } from '../access/index.js';
import { LEASE_MS } from './stamp-lease.js';
import { type Stamps, StampWatch } from './stamp-watch.js';

/** How long a resolved caller may be reused at most, whatever Redis says (bounds any missed bump). */
export const CALLER_CACHE_MAX_AGE_MS = 30_000;

export type { Stamps };

/**
 * Stamps in Redis that change whenever what a caller resolves to may have changed: one per user
 * (sessions revoked, status, roles, insurer) and one for everyone (a role's permissions). A process
 * reuses a resolved caller only while both stamps are what they were when it resolved it. Stamps
 * are fresh random values, never counters, so a Redis restart cannot bring an old one back; they
 * outlive any cached caller, so one that expires cannot match a caller cached before it was set.
 *
 * A web process keeps a copy of the stamps it read under a lease (`hold`, StampWatch), so most
 * requests ask Redis nothing; a change is answered only once every holder has dropped what changed.
 */
export class CallerStamps {
  private readonly ttlSeconds = Math.ceil((2 * CALLER_CACHE_MAX_AGE_MS) / 1000);
  private readonly watch: StampWatch;
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    log?: { warn(obj: object, msg: string): void },
  ) {
    this.watch = new StampWatch(redis, prefix, log);
  }

  /** Keeps a copy of the stamps this process reads (a process that resolves callers). */
  hold(): void {
    this.watch.hold();
  }

  /** Reads answered from the copy, and holders evicted by this process's changes. */
  get counts(): Readonly<{ hits: number; evicted: number }> {
    return this.watch.counts;
  }

  async close(): Promise<void> {
    await this.watch.close();
  }

  /** The stamps from this process's copy when it holds them under a live lease, else from Redis. */
  readCached(userId: string): Promise<Stamps | null> {
    const hit = this.watch.cached(userId);
    if (hit) return Promise.resolve(hit);
    const ticket = this.watch.ticket();
    const read = this.read(userId);
    if (ticket !== undefined) void read.then((stamps) => stamps && this.watch.remember(userId, stamps, ticket));
    return read;
  }

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

  /**
   * Called after the change committed: every process re-resolves these callers on their next request.
   * Resolves once no process can still trust the old stamps. When Redis cannot be told, it waits out
   * the leases (a holder that cannot reach Redis stops trusting its copy by then) and throws.
   */
  async bump(change: CallerChange): Promise<void> {
    const userIds = change === 'everyone' ? [] : [...new Set(change.userIds)];
    const keys = change === 'everyone' ? [this.everyoneKey] : userIds.map((id) => this.userKey(id));
    if (!keys.length) return;
    try {
      await this.watch.announce(keys, change === 'everyone' ? 'all' : userIds.join(','), this.ttlSeconds);
    } catch (err) {
      await new Promise((r) => setTimeout(r, LEASE_MS));
      throw err;
    }
  }
}

export const sameStamps = (a: Stamps, b: Stamps) => a[0] === b[0] && a[1] === b[1];
