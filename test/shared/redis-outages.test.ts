import test from 'ava';
import { createRedis, reportOutages } from '../../shared/redis.js';
import { type PrivateRedis, privateRedis } from '../helpers/private-redis.js';
import { waitFor } from '../helpers/stack.js';

/**
 * What a process says of a Redis outage: one warning when it goes, one line when it is back, and the
 * failures it caused (a worker's job lock lost meanwhile, seen only once Redis answers again) counted in
 * one more warning once the aftermath is over, never a line each. A failure far from any outage is not
 * the outage's: the caller reports it as usual.
 */
let redis: PrivateRedis | undefined;
test.after.always(async () => {
  await redis?.destroy();
});

test('failures during a Redis outage and just after it are one warning with their count; before it, each is its own', async (t) => {
  redis = await privateRedis();
  const lines: { level: 'warn' | 'info'; msg: string; fields: Record<string, unknown> }[] = [];
  const log = {
    warn: (fields: object, msg: string) =>
      lines.push({ level: 'warn', msg, fields: fields as Record<string, unknown> }),
    info: (fields: object, msg: string) =>
      lines.push({ level: 'info', msg, fields: fields as Record<string, unknown> }),
  };
  const client = createRedis(
    { REDIS_URL: redis.url, REDIS_CLUSTER_NODES: undefined, REDIS_PASSWORD: undefined, REDIS_TLS: 'false' } as never,
    'worker',
    'outage-test',
  );
  try {
    await client.ping();
    const aftermathMs = 600;
    const outages = reportOutages(client, log, 'worker', aftermathMs);
    t.false(outages.aftermath(new Error('a failure of its own'), 'mail'), 'no outage near: reported as usual');

    await redis.kill();
    await waitFor(async () => lines.some((l) => l.msg === 'Redis unavailable; reconnecting'), 'the warning');
    t.true(outages.aftermath(new Error('Command failed while the server was away'), 'registry-events'));
    await redis.start();
    await waitFor(async () => lines.some((l) => l.msg === 'Redis is back'), 'the line when it is back');
    // What BullMQ says once it can talk to Redis again, about a lock that expired meanwhile.
    t.true(outages.aftermath(new Error('could not renew lock for job 17'), 'registry-events'));
    t.true(outages.aftermath(new Error('could not renew lock for job 18'), 'audit'));
    t.is(lines.filter((l) => l.msg === 'failures caused by the Redis outage').length, 0, 'said once it is over');

    await waitFor(
      async () => lines.some((l) => l.msg === 'failures caused by the Redis outage'),
      'the aftermath warning',
      5_000,
    );
    t.false(outages.aftermath(new Error('later, unrelated'), 'mail'), 'after the aftermath: reported as usual');
    const summaries = lines.filter((l) => l.msg === 'failures caused by the Redis outage');
    t.is(summaries.length, 1);
    t.is(summaries[0]!.level, 'warn');
    t.is(summaries[0]!.fields.failures, 3);
    t.deepEqual(summaries[0]!.fields.examples, [
      'registry-events: Command failed while the server was away',
      'registry-events: could not renew lock for job 17',
      'audit: could not renew lock for job 18',
    ]);
    t.deepEqual(
      lines.map((l) => l.msg),
      ['Redis unavailable; reconnecting', 'Redis is back', 'failures caused by the Redis outage'],
      'three lines for the whole outage',
    );
  } finally {
    client.disconnect();
  }
});
