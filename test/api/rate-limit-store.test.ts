import { randomBytes } from 'node:crypto';
import test from 'ava';
import { Redis } from 'ioredis';
import { FLUSH_MS, LOCAL_MIN_MAX, SharedRateCounts } from '../../api/plugins/rate-limit-store.js';
import { testConfig } from '../helpers/stack.js';

/**
 * The rate-limit counts shared by the API processes (api/plugins/rate-limit-store.ts), on the real
 * Redis: no round trip per request while a count is far from its limit, exact past half of it.
 */
const WINDOW = 60_000;
const redisUrl = testConfig('unused').REDIS_URL;
const open: { counts: SharedRateCounts; redis: Redis }[] = [];

/** A process's counts on its own connection (ready, when it is the test Redis), with its Redis calls counted. */
async function processCounts(url = redisUrl) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: url !== redisUrl });
  redis.on('error', () => {});
  if (url === redisUrl && redis.status !== 'ready') await new Promise((r) => redis.once('ready', r));
  const counts = new SharedRateCounts(redis);
  const calls = { n: 0 };
  const incrBy = redis.rateLimitIncrBy.bind(redis);
  redis.rateLimitIncrBy = (...args) => {
    calls.n++;
    return incrBy(...args);
  };
  open.push({ counts, redis });
  return { counts, calls, redis };
}
const count = (counts: SharedRateCounts, key: string, max: number) =>
  new Promise<number>((resolve, reject) =>
    counts.incr(key, (err, res) => (err ? reject(err) : resolve(res!.current)), WINDOW, max),
  );
const flushed = () => new Promise((r) => setTimeout(r, FLUSH_MS * 2.5));
const newKey = () => `{rl-test-${randomBytes(4).toString('hex')}}:ip`;

test.after.always(async () => {
  for (const { counts, redis } of open) {
    await counts.close();
    redis.disconnect();
  }
});

test('far below its limit a count costs no Redis round trip per request: a process adds what it counted every FLUSH_MS', async (t) => {
  const { counts, calls, redis } = await processCounts();
  const key = newKey();
  for (let i = 1; i <= 100; i++) t.is(await count(counts, key, 1000), i);
  t.is(calls.n, 0, 'answered from memory');
  await flushed();
  t.is(Number(await redis.get(key)), 100, 'the whole count is in Redis for the other processes');
  t.true(calls.n <= 2, `added in ${calls.n} writes`);
  t.true((await redis.pttl(key)) > WINDOW - 5000, 'the window is set on the key');
});

test('past half its limit every request is counted in Redis first, so the request that spends a limit shared by two processes is found exactly', async (t) => {
  const a = await processCounts();
  const b = await processCounts();
  const key = newKey();
  const max = LOCAL_MIN_MAX;
  for (let i = 0; i < max / 2; i++) await count(a.counts, key, max);
  await a.counts.flush();
  const seen: number[] = [];
  for (let i = 0; i < max / 2 + 1; i++) seen.push(await count(b.counts, key, max));
  t.is(seen.at(-1), max + 1, 'the request past the limit sees the count of both processes');
  t.true(
    seen.slice(0, -1).every((c) => c <= max),
    'none before it is over',
  );
});

test('a small limit (login, MFA, password mails) is counted in Redis at every request', async (t) => {
  const { counts, calls } = await processCounts();
  const key = newKey();
  for (let i = 1; i <= 4; i++) t.is(await count(counts, key, 3), i);
  t.is(calls.n, 4);
});

test('without Redis a process goes on counting on its own: the limit still holds in each process', async (t) => {
  const { counts } = await processCounts('redis://127.0.0.1:1');
  const key = newKey();
  const seen: number[] = [];
  for (let i = 0; i < 12; i++) seen.push(await count(counts, key, 10));
  t.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});

test('counts still held when their window ends are dropped, never added to the next window', async (t) => {
  let now = Date.now();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => {});
  if (redis.status !== 'ready') await new Promise((r) => redis.once('ready', r));
  const counts = new SharedRateCounts(redis, () => now);
  open.push({ counts, redis });
  const key = newKey();
  const counted = () =>
    new Promise<number>((resolve, reject) =>
      counts.incr(key, (err, res) => (err ? reject(err) : resolve(res!.current)), 1000, 1000),
    );
  for (let i = 1; i <= 10; i++) t.is(await counted(), i);
  now += 1500;
  await counts.flush();
  t.is(await redis.get(key), null, 'nothing added once the window was over');
  t.is(await counted(), 1, 'the next window starts from its own first request');
});

test('a slow Redis opens no gap: counts on their way to it are still counted, so a process admits no more than the limit', async (t) => {
  const { counts, redis } = await processCounts();
  const incrBy = redis.rateLimitIncrBy;
  redis.rateLimitIncrBy = async (...args) => {
    await new Promise((r) => setTimeout(r, 300));
    return incrBy(...args);
  };
  const key = newKey();
  const max = 200;
  const first = await Promise.all(Array.from({ length: max / 2 }, () => count(counts, key, max)));
  t.true(first.every((c) => c <= max / 2));
  const flushing = counts.flush(); // the first half on its way, 300 ms from an answer
  const rest = await Promise.all(Array.from({ length: max }, () => count(counts, key, max)));
  await flushing;
  const admitted = [...first, ...rest].filter((c) => c <= max).length;
  t.is(admitted, max, 'exactly the limit admitted');
});
