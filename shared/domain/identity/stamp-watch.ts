import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { uuidv7 } from '../../kernel/ids.js';
import { type RedisClient, subscriberOf, withTimeout } from '../../redis.js';
import * as lease from './stamp-lease.js';
import { LEASE_MS } from './stamp-lease.js';

const MAX_USERS = 10_000;
/** A caller's stamps: the user's own and everyone's. */
export type Stamps = readonly [user: string | null, everyone: string | null];

type Log = { warn(obj: object, msg: string): void };

/**
 * A process's copy of the caller stamps, kept under a lease, so that a request asks Redis nothing
 * while every change still applies on the very next request in every process. A holder trusts its
 * copy only while subscribed to the changes and within its lease; a change is answered once every
 * holder has confirmed it, and a silent one is evicted and waited out (docs/decisions.md, "Caller
 * stamps are kept by each web process under a lease").
 */
export class StampWatch {
  readonly id = uuidv7();
  /** Reads answered from the copy, and holders evicted for not confirming a change. */
  readonly counts = { hits: 0, evicted: 0 };
  private sub?: RedisClient;
  private subscribed = false;
  private whenSubscribed: (() => void)[] = [];
  private holding = false;
  private leaseUntil = 0;
  private renewer?: NodeJS.Timeout;
  /** Moves with every change received and every drop: a read started before it moved is not kept. */
  private generation = 0;
  /** Moves when the copy is dropped (lost subscription, eviction): a renewal sent before it is ignored. */
  private epoch = 0;
  private readonly users = new Map<string, string | null>();
  private everyone: string | null | undefined;
  private readonly confirmations = new lease.Confirmations();
  private closed = false;
  private renewing?: Promise<void>;
  private readonly dropListeners: ((users: readonly string[] | 'all') => void)[] = [];

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly log?: Log,
  ) {
    this.holdersKey = `${prefix}:caller:holders`;
    this.changedChannel = `${prefix}:caller:changed`;
  }

  private readonly holdersKey: string;
  private readonly changedChannel: string;
  private readonly ackChannel = (id: string) => `${this.prefix}:caller:ack:${id}`;

  /** Starts keeping a copy (a web process, which resolves callers). */
  hold(): void {
    if (this.holding) return;
    this.holding = true;
    this.renewer = setInterval(() => {
      if (this.subscribed) void this.renew(false);
    }, lease.RENEW_MS);
    this.renewer.unref();
    if (this.sub) void this.subscribe();
    else this.open();
  }

  /** The stamps from the copy, when it is trusted now and holds them. */
  cached(userId: string): Stamps | undefined {
    if (!this.trusted()) return undefined;
    const user = this.users.get(userId);
    if (user === undefined || this.everyone === undefined) return undefined;
    this.counts.hits++;
    return [user, this.everyone];
  }

  /** What a read about to start is checked against when it ends (undefined: it is not kept). */
  ticket(): number | undefined {
    return this.trusted() ? this.generation : undefined;
  }

  /** Keeps stamps read from Redis, unless something changed since the read started (`ticket`). */
  remember(userId: string, stamps: Stamps, ticket: number): void {
    if (ticket !== this.generation || !this.trusted()) return;
    if (!this.users.has(userId) && this.users.size >= MAX_USERS) this.users.delete(this.users.keys().next().value!);
    this.users.set(userId, stamps[0]);
    this.everyone = stamps[1];
  }

  /** Replaces `keys`, announces that `targets` changed ('all', or ids), resolves once no holder trusts them. */
  async announce(keys: string[], targets: string, ttlSeconds: number): Promise<void> {
    if (this.closed) throw new Error('caller stamps: closed');
    this.open();
    // Subscribed to our confirmations first, or those that come at once would be missed.
    await this.subscribedWithin(lease.ACK_TIMEOUT_MS);
    const changeId = uuidv7();
    const pending = this.confirmations.expect(changeId);
    try {
      const message = `${changeId}|${this.id}|${targets}`;
      const values = keys.map(() => uuidv7());
      const script = this.redis.eval(
        lease.REPLACE_STAMPS,
        keys.length + 1,
        ...keys,
        this.holdersKey,
        ttlSeconds,
        this.changedChannel,
        message,
        lease.FORGET_AFTER_MS,
        ...values,
      );
      const asked = (await withTimeout(script, lease.SCRIPT_TIMEOUT_MS, 'replacing caller stamps')) as string[];
      const waiting = new Set(asked.filter((holder) => !pending.acked.has(holder)));
      if (waiting.size && this.subscribed) await this.confirmations.wait(pending, waiting, lease.ACK_TIMEOUT_MS);
      if (!waiting.size) return;
      const evict = this.redis.eval(lease.EVICT_HOLDERS, 1, this.holdersKey, ...waiting);
      await withTimeout(evict, lease.SCRIPT_TIMEOUT_MS, 'evicting caller-stamp holders');
      this.counts.evicted += waiting.size;
      this.log?.warn(
        { holders: waiting.size, waitMs: LEASE_MS },
        'caller stamps: holders did not confirm a change in time; waiting for their leases to end',
      );
      // Measured here, not on Redis's clock: their renewals fail from now on, so none trusts its copy after this.
      await sleep(LEASE_MS);
    } finally {
      this.confirmations.forget(changeId);
    }
  }

  /** Stops holding and listening; leaves the holders so that no change waits for this process. */
  async close(): Promise<void> {
    const held = this.holding;
    this.closed = true;
    this.holding = false;
    clearInterval(this.renewer);
    this.drop();
    // A join still on its way would add this process back after it left.
    await this.renewing;
    const sub = this.sub;
    this.sub = undefined;
    this.subscribed = false;
    if (held) await this.redis.zrem(this.holdersKey, this.id).catch(() => {});
    sub?.disconnect();
  }

  private trusted(): boolean {
    return this.subscribed && performance.now() < this.leaseUntil;
  }

  /** Forgets stamps a change named (everyone's: all of them), and tells the listeners. */
  private forget(users: readonly string[] | 'all'): void {
    if (users === 'all') {
      this.users.clear();
      this.everyone = undefined;
    } else for (const userId of users) this.users.delete(userId);
    for (const listener of this.dropListeners) listener(users);
  }

  /** Forgets the whole copy and the lease: trusted again only after joining anew. */
  private drop(): void {
    this.generation++;
    this.epoch++;
    this.leaseUntil = 0;
    this.forget('all');
  }

  /** Called with what the copy forgets: users a change named, or 'all' (see CallerResolver). */
  onDrop(listener: (users: readonly string[] | 'all') => void): void {
    this.dropListeners.push(listener);
  }

  private open(): void {
    if (this.sub) return;
    const sub = subscriberOf(this.redis, 'caller-stamps');
    this.sub = sub;
    sub.on('message', (channel: string, message: string) => this.onMessage(channel, message));
    const lost = () => {
      if (sub !== this.sub || !this.subscribed) return;
      this.subscribed = false;
      this.drop();
    };
    sub.on('close', lost);
    sub.on('reconnecting', lost);
    sub.on('ready', () => void this.subscribe());
  }

  private async subscribe(): Promise<void> {
    const sub = this.sub;
    if (!sub) return;
    const channels = [this.ackChannel(this.id), ...(this.holding ? [this.changedChannel] : [])];
    try {
      await sub.subscribe(...channels);
    } catch {
      return; // 'ready' comes again after the reconnection
    }
    if (sub !== this.sub) return;
    this.subscribed = true;
    for (const resolve of this.whenSubscribed.splice(0)) resolve();
    if (this.holding) void this.renew(true);
  }

  private subscribedWithin(ms: number): Promise<void> {
    if (this.subscribed) return Promise.resolve();
    return lease.within(ms, (done) => {
      this.whenSubscribed.push(done);
      return () => {
        this.whenSubscribed = this.whenSubscribed.filter((waiter) => waiter !== done);
      };
    });
  }

  private renew(join: boolean): Promise<void> {
    const renewal = this.renewOnce(join);
    this.renewing = renewal;
    return renewal;
  }

  private async renewOnce(join: boolean): Promise<void> {
    const sentAt = performance.now();
    const epoch = this.epoch;
    let held: number;
    try {
      const script = this.redis.eval(lease.RENEW_LEASE, 1, this.holdersKey, this.id, LEASE_MS, join ? '1' : '0');
      held = Number(await withTimeout(script, lease.SCRIPT_TIMEOUT_MS, 'renewing the stamps lease'));
    } catch {
      return; // not renewed: the lease lapses by itself
    }
    if (!this.holding || epoch !== this.epoch || !this.subscribed) return;
    if (held === 1) {
      this.leaseUntil = Math.max(this.leaseUntil, sentAt + LEASE_MS - lease.LEASE_MARGIN_MS);
      return;
    }
    // Evicted (a change found us silent) or lapsed: what we hold may be old. Start again, empty.
    this.drop();
    void this.renew(true);
  }

  private onMessage(channel: string, message: string): void {
    const [changeId, from, targets, extra] = message.split('|');
    if (channel === this.changedChannel) {
      this.generation++;
      // A message of another shape (another version, a hand-made PUBLISH): what changed is unknown.
      if (!changeId || !from || targets === undefined || extra !== undefined) this.drop();
      else this.forget(targets === 'all' ? 'all' : targets.split(','));
      if (from) this.redis.publish(this.ackChannel(from), `${changeId}|${this.id}`).catch(() => {});
      return;
    }
    if (from) this.confirmations.confirmed(changeId, from);
  }
}
