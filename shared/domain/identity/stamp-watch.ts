import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { uuidv7 } from '../../kernel/ids.js';
import { type RedisClient, subscriberOf } from '../../redis.js';
import * as lease from './stamp-lease.js';
import { LEASE_MS } from './stamp-lease.js';

const MAX_USERS = 10_000;

/** A caller's stamps: the user's own and everyone's (null where Redis holds none). */
export type Stamps = readonly [user: string | null, everyone: string | null];

interface Pending {
  acked: Set<string>;
  waiting?: Set<string>;
  settle?: () => void;
}

type Log = { warn(obj: object, msg: string): void };

/**
 * A process's copy of the caller stamps, kept under a lease: a request needs no Redis round trip to
 * learn that nothing changed, and every change still applies on the very next request in every
 * process (Chubby's invalidation scheme; the protocol is in docs/decisions.md, "Caller stamps are
 * kept by each web process under a lease"). In short: a holder trusts its copy only while subscribed
 * to the changes and within its lease (renewed every second on Redis's clock); a change is answered
 * once every holder with a lease has confirmed it, and a silent holder is evicted and waited out.
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
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly log?: Log,
  ) {}

  private get holdersKey() {
    return `${this.prefix}:caller:holders`;
  }
  private get changedChannel() {
    return `${this.prefix}:caller:changed`;
  }
  private ackChannel(id: string) {
    return `${this.prefix}:caller:ack:${id}`;
  }

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

  /**
   * Replaces `keys` with new stamps, announces that `targets` changed ('all', or user ids joined by
   * commas), and resolves once no holder can still trust what they were.
   */
  async announce(keys: string[], targets: string, ttlSeconds: number): Promise<void> {
    this.open();
    // Confirmations come on our own channel: subscribed first, or they would be missed.
    await this.subscribedWithin(lease.ACK_TIMEOUT_MS);
    const changeId = uuidv7();
    const pending: Pending = { acked: new Set() };
    this.pending.set(changeId, pending);
    try {
      const message = `${changeId}|${this.id}|${targets}`;
      const values = keys.map(() => uuidv7());
      const reply = (await this.redis.eval(
        lease.REPLACE_STAMPS,
        keys.length + 1,
        ...keys,
        this.holdersKey,
        ttlSeconds,
        this.changedChannel,
        message,
        ...values,
      )) as string[];
      const waiting = new Set<string>();
      for (let i = 0; i < reply.length; i += 2) if (!pending.acked.has(reply[i])) waiting.add(reply[i]);
      if (waiting.size && this.subscribed) await this.confirmations(pending, waiting);
      if (!waiting.size) return;
      const longest = Number(await this.redis.eval(lease.EVICT_HOLDERS, 1, this.holdersKey, ...waiting));
      this.counts.evicted += waiting.size;
      this.log?.warn(
        { holders: waiting.size, waitMs: Math.max(0, Math.ceil(longest)) },
        'caller stamps: holders did not confirm a change in time; waiting for their leases to end',
      );
      if (longest > 0) await sleep(Math.ceil(longest) + 10);
    } finally {
      this.pending.delete(changeId);
    }
  }

  /** Stops holding and listening; leaves the holders so that no change waits for this process. */
  async close(): Promise<void> {
    const held = this.holding;
    this.holding = false;
    clearInterval(this.renewer);
    this.drop();
    const sub = this.sub;
    this.sub = undefined;
    this.subscribed = false;
    if (held) await this.redis.zrem(this.holdersKey, this.id).catch(() => {});
    sub?.disconnect();
  }

  private trusted(): boolean {
    return this.subscribed && performance.now() < this.leaseUntil;
  }

  /** Forgets the whole copy and the lease: trusted again only after joining anew. */
  private drop(): void {
    this.generation++;
    this.epoch++;
    this.leaseUntil = 0;
    this.users.clear();
    this.everyone = undefined;
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
    return this.subscribed ? Promise.resolve() : lease.within(ms, (done) => this.whenSubscribed.push(done));
  }

  private async renew(join: boolean): Promise<void> {
    const sentAt = performance.now();
    const epoch = this.epoch;
    let held: number;
    try {
      held = Number(await this.redis.eval(lease.RENEW_LEASE, 1, this.holdersKey, this.id, LEASE_MS, join ? '1' : '0'));
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
    const [changeId, from, targets] = message.split('|');
    if (channel === this.changedChannel) {
      this.generation++;
      if (targets === 'all') this.everyone = undefined;
      else for (const userId of targets.split(',')) this.users.delete(userId);
      this.redis.publish(this.ackChannel(from), `${changeId}|${this.id}`).catch(() => {});
      return;
    }
    const pending = this.pending.get(changeId);
    if (!pending) return;
    pending.acked.add(from);
    pending.waiting?.delete(from);
    if (pending.waiting?.size === 0) pending.settle?.();
  }

  /** Waits until every holder in `waiting` has confirmed (they are taken out of it) or the time is up. */
  private confirmations(pending: Pending, waiting: Set<string>): Promise<void> {
    pending.waiting = waiting;
    return lease.within(lease.ACK_TIMEOUT_MS, (done) => {
      pending.settle = done;
    });
  }
}
