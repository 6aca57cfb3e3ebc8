import { uuidv7 } from '../../kernel/ids.js';
import type { RedisClient as Redis } from '../../redis.js';
import type { CallerChange } from '../access/index.js';
import { LEASE_MS, READ_STAMPS } from './stamp-lease.js';
import { type Stamps, StampWatch } from './stamp-watch.js';

/** How long a resolved caller may be reused at most, whatever Redis says (bounds any missed bump). */
export const CALLER_CACHE_MAX_AGE_MS = 30_000;
/** Between two tries to announce a change Redis refused. */
const RETRY_MS = 200;

export type { Stamps };

/**
 * Stamps in Redis that change whenever what a caller resolves to may have changed: one per user
 * (sessions revoked, status, roles, insurer) and one for everyone (a role's permissions). A process
 * reuses a resolved caller only while both stamps are what they were when it resolved it. Stamps
 * are fresh random values, never counters, and never missing (a read sets a lost or expired one
 * anew), so a Redis restart cannot bring back one a caller was cached against.
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

  /** Called with what this process drops from its copy (see StampWatch.onDrop). */
  onDrop(listener: (users: readonly string[] | 'all') => void): void {
    this.watch.onDrop(listener);
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

  /**
   * The current stamps, or null when Redis cannot say (then nothing cached may be trusted). A stamp
   * that is missing (expired, or lost with a Redis restart or failover) is set to a fresh value first.
   */
  async read(userId: string): Promise<Stamps | null> {
    if (this.redis.status !== 'ready') return null;
    try {
      const fresh = [uuidv7(), uuidv7()];
      const keys = [this.userKey(userId), this.everyoneKey];
      const [user, everyone] = (await this.redis.eval(READ_STAMPS, 2, ...keys, this.ttlSeconds, ...fresh)) as string[];
      return [user, everyone];
    } catch {
      return null;
    }
  }

  /**
   * Called after the change committed: every process re-resolves these callers on their next request.
   * Resolves once no process can still trust the old stamps. When Redis cannot be told, it tries again
   * for LEASE_MS (a holder that cannot reach Redis either stops trusting its copy by then), then
   * throws: holders that still reach Redis keep their cached callers for up to CALLER_CACHE_MAX_AGE_MS.
   */
  async bump(change: CallerChange): Promise<void> {
    const userIds = change === 'everyone' ? [] : [...new Set(change.userIds)];
    const keys = change === 'everyone' ? [this.everyoneKey] : userIds.map((id) => this.userKey(id));
    if (!keys.length) return;
    const giveUpAt = Date.now() + LEASE_MS;
    for (;;) {
      try {
        return await this.watch.announce(keys, change === 'everyone' ? 'all' : userIds.join(','), this.ttlSeconds);
      } catch (err) {
        if (Date.now() >= giveUpAt) throw err;
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }
}

export const sameStamps = (a: Stamps, b: Stamps) => a[0] === b[0] && a[1] === b[1];
