/**
 * The parameters and Lua scripts of the stamp leases (stamp-watch.ts). The scripts run on Redis so
 * that each step reads Redis's own clock and happens at once. The holders are a sorted set: member = holder id, score = the time
 * (Redis's, in ms) its lease ends.
 */

/** How long a holder's lease on its copy of the stamps lasts; it is renewed every second. */
export const LEASE_MS = 3000;
export const RENEW_MS = 1000;
/** Taken off a holder's own view of its lease, so that it stops trusting its copy before Redis's record ends. */
export const LEASE_MARGIN_MS = 250;
/** How long a change waits for every holder to confirm it dropped what changed, before evicting the silent ones. */
export const ACK_TIMEOUT_MS = 1000;

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
 * message, then one new value per stamp. Replaces the stamps, announces it, and answers the holders
 * whose lease had not ended then, with how long each still has: {member, ms left, member, ms left, ...}.
 * A holder that joins later has read nothing before joining, so it cannot hold an old stamp.
 */
export const REPLACE_STAMPS = `${NOW}
local holders = KEYS[#KEYS]
for i = 1, #KEYS - 1 do redis.call("SET", KEYS[i], ARGV[3 + i], "EX", ARGV[1]) end
redis.call("ZREMRANGEBYSCORE", holders, "-inf", now)
local live = redis.call('ZRANGEBYSCORE', holders, "(" .. now, "+inf", "WITHSCORES")
for i = 2, #live, 2 do live[i] = tostring(tonumber(live[i]) - now) end
redis.call("PUBLISH", ARGV[2], ARGV[3])
return live`;

/**
 * KEYS[1]: the holders. ARGV: the holders that did not confirm a change in time. Takes their leases
 * away and answers the longest time (ms) one of them may still trust its copy: the change waits that
 * long, after which none of them holds a lease it had before.
 */
export const EVICT_HOLDERS = `${NOW}
local longest = 0
for i = 1, #ARGV do
  local score = redis.call("ZSCORE", KEYS[1], ARGV[i])
  if score then
    longest = math.max(longest, tonumber(score) - now)
    redis.call("ZREM", KEYS[1], ARGV[i])
  end
end
return longest`;

/** Resolves when `start`'s callback is called, or after `ms`, whichever comes first. */
export function within(ms: number, start: (done: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    start(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
