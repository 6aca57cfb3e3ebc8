/**
 * The parameters and Lua scripts of the stamp leases (stamp-watch.ts). The holders are a sorted set:
 * member = holder id, score = when its lease ends by Redis's clock. That clock only decides which
 * holders a change asks (generously: a jump of several seconds is covered) and when a dead one is
 * forgotten; how long a change waits for a silent holder is measured on the writer's own clock.
 */

/** How long a holder's lease on its copy of the stamps lasts; it is renewed every second. */
export const LEASE_MS = 3000;
export const RENEW_MS = 1000;
/** Taken off a holder's own view of its lease, so that it stops trusting its copy before Redis's record ends. */
export const LEASE_MARGIN_MS = 250;
/** How long a change waits for every holder to confirm it dropped what changed, before evicting the silent ones. */
export const ACK_TIMEOUT_MS = 1000;
/** A holder whose lease ended longer ago than this (by Redis's clock) is forgotten rather than asked. */
export const FORGET_AFTER_MS = 2 * LEASE_MS;
/** The longest a stamp script may take to answer before the change counts it as failed. */
export const SCRIPT_TIMEOUT_MS = 2000;

const NOW = `local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * KEYS[1]: the holders. ARGV: holder id, lease (ms), '1' to join or '0' to renew.
 * Renewing answers 0, and leaves the holder out, when it was evicted (or its lease had ended):
 * it must drop its copy before it joins again.
 */
export const RENEW_LEASE = `${NOW}
local score = redis.call("ZSCORE", KEYS[1], ARGV[1])
if ARGV[3] ~= "1" and (not score or tonumber(score) <= now) then
  redis.call("ZREM", KEYS[1], ARGV[1])
  return 0
end
redis.call("ZADD", KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
return 1`;

/**
 * KEYS: the stamps to replace, then the holders (last). ARGV: the stamps' TTL (s), the channel, the
 * message, how long after its lease a holder is forgotten (ms), then one new value per stamp.
 * Replaces the stamps, announces it, and answers every holder not forgotten, even one whose lease
 * seems to have ended (Redis's clock may have jumped): each must confirm or be evicted. A holder that
 * joins later has read nothing before joining, so it cannot hold an old stamp.
 */
export const REPLACE_STAMPS = `${NOW}
local holders = KEYS[#KEYS]
for i = 1, #KEYS - 1 do redis.call("SET", KEYS[i], ARGV[4 + i], "EX", ARGV[1]) end
redis.call("ZREMRANGEBYSCORE", holders, "-inf", now - tonumber(ARGV[4]))
local asked = redis.call("ZRANGE", holders, 0, -1)
redis.call("PUBLISH", ARGV[2], ARGV[3])
return asked`;

/**
 * KEYS[1]: the holders. ARGV: the holders that did not confirm a change in time. Takes their leases
 * away: their next renewal fails, so none trusts its copy LEASE_MS after this, by its own clock.
 */
export const EVICT_HOLDERS = `for i = 1, #ARGV do redis.call("ZREM", KEYS[1], ARGV[i]) end
return #ARGV`;

/**
 * KEYS: a user's stamp, everyone's stamp. ARGV: their TTL (s), then a fresh value for each. A stamp
 * is never missing: one that expired or was lost (a Redis restart, a failover) is set anew to a fresh
 * random value, so a caller cached against the old one, or against none, can never match it again.
 */
export const READ_STAMPS = `local out = {}
for i = 1, #KEYS do
  local value = redis.call("GET", KEYS[i])
  if not value then
    redis.call("SET", KEYS[i], ARGV[1 + i], "EX", ARGV[1], "NX")
    value = redis.call("GET", KEYS[i])
  end
  out[i] = value
end
return out`;

/**
 * Resolves when `start`'s callback is called, or after `ms`, whichever comes first; on the timeout,
 * what `start` returned is called (to take the callback back).
 */
export function within(ms: number, start: (done: () => void) => unknown): Promise<void> {
  return new Promise((resolve) => {
    let undo: unknown;
    const timer = setTimeout(() => {
      if (typeof undo === 'function') undo();
      resolve();
    }, ms);
    undo = start(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

interface Pending {
  acked: Set<string>;
  waiting?: Set<string>;
  settle?: () => void;
}

/** The confirmations of the changes this process announced, by change id. */
export class Confirmations {
  private readonly pending = new Map<string, Pending>();

  /** Before announcing: confirmations may arrive before the announcement's own reply. */
  expect(changeId: string): Pending {
    const pending: Pending = { acked: new Set() };
    this.pending.set(changeId, pending);
    return pending;
  }

  confirmed(changeId: string, holder: string): void {
    const pending = this.pending.get(changeId);
    if (!pending) return;
    pending.acked.add(holder);
    pending.waiting?.delete(holder);
    if (pending.waiting?.size === 0) pending.settle?.();
  }

  /** Waits until every holder in `waiting` has confirmed (each is taken out of it) or `ms` have passed. */
  wait(pending: Pending, waiting: Set<string>, ms: number): Promise<void> {
    pending.waiting = waiting;
    return within(ms, (done) => {
      pending.settle = done;
    });
  }

  forget(changeId: string): void {
    this.pending.delete(changeId);
  }
}
