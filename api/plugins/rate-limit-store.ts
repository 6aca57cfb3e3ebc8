import type { RedisClient as Redis } from '../../shared/redis.js';

/** How long a process may hold increments it counted without telling Redis. */
export const FLUSH_MS = 100;
/** Below this limit every request is counted in Redis at once: a small limit is spent exactly across processes. */
export const LOCAL_MIN_MAX = 100;
/** Keys counted in this process's memory at most; past it, a new key takes the place of the oldest. */
const MAX_LOCAL_KEYS = 50_000;
/** Expired windows are dropped from memory this often. */
const SWEEP_MS = 5_000;

/** Adds `n` to a key's count, starting its window when the key is new; answers the count and the window's time left. */
const INCRBY = `
  local current = redis.call('INCRBY', KEYS[1], ARGV[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    ttl = tonumber(ARGV[2])
  end
  return {current, ttl}
`;

type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, res: Counted | null) => void;

interface Window {
  /** The key's count in Redis when this process last heard it (its own flushed increments included). */
  shared: number;
  /** Increments counted here and not yet added in Redis. */
  unsent: number;
  /** Increments on their way to Redis, counted until its reply (which includes them) is heard. */
  sending: number;
  /** When the window ends (ms since the epoch): Redis's word once heard, else this process's guess. */
  endsAt: number;
  timeWindow: number;
}

declare module 'ioredis' {
  interface RedisCommander {
    rateLimitIncrBy(key: string, n: number, timeWindow: number): Promise<[number, number]>;
  }
}

/**
 * Per-IP request counts shared by every API process through Redis, without a Redis round trip for
 * each request. A process counts a request in its memory and adds what it counted to Redis every
 * FLUSH_MS, in one pipelined write for all keys, learning the count the other processes added; it
 * answers from `Redis's count + its own unsent ones` while that stays at most half the limit. Past
 * half the limit, or when the limit is below LOCAL_MIN_MAX (login, MFA, password mails), each request
 * is counted in Redis before it is answered, so the request that spends a limit is found exactly as
 * before. What another process counted in its last FLUSH_MS is not yet seen, so a client can only pass
 * its limit by sending more than half of it within FLUSH_MS.
 *
 * Increments on their way to Redis stay counted until its reply, so a slow Redis cannot open a gap.
 * When Redis cannot be reached the count goes on in this process alone (each process enforces the
 * limit on what it sees) rather than letting every request through.
 */
export class SharedRateCounts {
  private readonly windows = new Map<string, Window>();
  private readonly dirty = new Set<string>();
  private readonly flushing: NodeJS.Timeout;
  private readonly sweeping: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly now: () => number = Date.now,
  ) {
    if (!redis.rateLimitIncrBy) redis.defineCommand('rateLimitIncrBy', { numberOfKeys: 1, lua: INCRBY });
    this.flushing = setInterval(() => void this.flush(), FLUSH_MS).unref();
    this.sweeping = setInterval(() => this.sweep(), SWEEP_MS).unref();
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    const now = this.now();
    let w = this.windows.get(key);
    if (w && now >= w.endsAt) {
      // Its counts belonged to a window that has ended: never added to the next one.
      this.forget(key);
      w = undefined;
    }
    if (!w) {
      // A full table gives up its oldest window (its counts are sent first): memory stays bounded
      // whoever sends, and every key is still counted here when Redis is away.
      if (this.windows.size >= MAX_LOCAL_KEYS) {
        const [oldest, window] = this.windows.entries().next().value!;
        void this.send(oldest, window);
        this.forget(oldest);
      }
      w = { shared: 0, unsent: 0, sending: 0, endsAt: now + timeWindow, timeWindow };
      this.windows.set(key, w);
    }
    w.unsent++;
    const estimate = w.shared + w.sending + w.unsent;
    if (max >= LOCAL_MIN_MAX && estimate * 2 <= max) {
      this.dirty.add(key);
      cb(null, { current: estimate, ttl: w.endsAt - now });
      return;
    }
    void this.exactly(key, w, cb);
  }

  /** The count of `key` in Redis once what this process holds of it is added; on a Redis failure, its own count. */
  private async exactly(key: string, w: Window, cb: Callback) {
    this.dirty.delete(key);
    // Redis's reply counts everything sent before this request and the request itself, nothing after.
    const current = await this.send(key, w);
    cb(null, { current: current ?? w.shared + w.sending + w.unsent, ttl: Math.max(0, w.endsAt - this.now()) });
  }

  /**
   * Adds a window's unsent increments to Redis, counting them as `sending` until the reply (so an
   * answer given meanwhile still counts them, however slow Redis is). Kept for the next flush if Redis
   * does not answer; dropped once their window has ended (added then, they would start the next
   * window). Answers Redis's count, when heard.
   */
  private async send(key: string, w: Window): Promise<number | undefined> {
    const n = w.unsent;
    w.unsent = 0;
    if (!n || this.now() >= w.endsAt) return undefined;
    w.sending += n;
    try {
      const [current, ttl] = await this.redis.rateLimitIncrBy(key, n, w.timeWindow);
      w.sending -= n;
      // Replies come back in the order sent: this count holds every earlier send, and none of those
      // still on their way (which stay counted in `sending`).
      w.shared = current;
      w.endsAt = this.now() + ttl;
      return current;
    } catch {
      w.sending -= n;
      w.unsent += n;
      if (this.windows.get(key) === w) this.dirty.add(key);
      return undefined;
    }
  }

  /** Every key counted since the last flush, added to Redis together (ioredis pipelines them into one write). */
  async flush(): Promise<void> {
    if (!this.dirty.size || this.redis.status !== 'ready') return;
    const keys = [...this.dirty];
    this.dirty.clear();
    await Promise.all(
      keys.map((key) => {
        const w = this.windows.get(key);
        return w ? this.send(key, w) : undefined;
      }),
    );
  }

  private forget(key: string) {
    this.windows.delete(key);
    this.dirty.delete(key);
  }

  private sweep() {
    const now = this.now();
    for (const [key, w] of this.windows) if (now >= w.endsAt) this.forget(key);
  }

  /** Stops the timers and adds what is still unsent. */
  async close(): Promise<void> {
    clearInterval(this.flushing);
    clearInterval(this.sweeping);
    await this.flush();
  }
}

/**
 * The store @fastify/rate-limit asks for each request's count: one SharedRateCounts for all routes,
 * each route's keys under a prefix of its own.
 */
export class SharedRateLimitStore {
  constructor(
    private readonly counts: SharedRateCounts,
    private readonly prefix: string,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.counts.incr(this.prefix + key, cb, timeWindow, max);
  }

  child(routeOptions: { routeInfo: { method?: string; url?: string } }): SharedRateLimitStore {
    return new SharedRateLimitStore(
      this.counts,
      `${this.prefix}${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}-`,
    );
  }
}
