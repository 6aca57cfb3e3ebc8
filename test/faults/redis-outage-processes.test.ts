import { randomUUID } from 'node:crypto';
import test from 'ava';
import { sqlOn } from '../helpers/db.js';
import { given } from '../helpers/given.js';
import { freePort } from '../helpers/ports.js';
import { type PrivateRedis, privateRedis } from '../helpers/private-redis.js';
import { type Service, spawnWeb, spawnWorker } from '../helpers/processes.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';

/**
 * Redis crashes under load, against a web and a worker process: readiness says 503 within a second,
 * no request answers 500, writes that need no queue still commit and their jobs wait in the outbox,
 * which drains once Redis is back; each process logs one warning when Redis goes away and one line
 * when it is back, not one per reconnection attempt (and the failures the outage caused, if any, in one
 * more line: test/shared/redis-outages.test.ts).
 */
let redis: PrivateRedis;
let stack: Stack;
let services: Service[] = [];
test.after.always(async () => {
  await Promise.all(services.map((s) => s.stop()));
  await stack?.close();
  await redis?.destroy();
});

test('Redis killed under load: readiness 503 at once, no 500, the outbox drains after, one warning away and one line back per process', async (t) => {
  redis = await privateRedis();
  stack = await startStack({ env: { REDIS_URL: redis.url } });
  const admin = await given.admin(stack);
  const c = stack.config;
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: c.DATABASE_URL,
    REDIS_URL: redis.url,
    REDIS_PREFIX: c.REDIS_PREFIX,
    JWT_SECRET: c.JWT_SECRET as string,
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_PASSWORD_MAX: '1000000',
    OUTBOX_POLL_MS: '200',
  };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  services = await Promise.all([spawnWeb(port, env), spawnWorker(env)]);
  const [web, worker] = services;

  const statuses: number[] = [];
  let running = true;
  const client = async (n: number) => {
    while (running) {
      const res = await (n % 2 === 0
        ? fetch(`${base}/roles`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${admin.token}`,
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({ name: `role-${randomUUID()}`, permissions: ['policy:read'] }),
          })
        : fetch(`${base}/auth/forgot-password`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: admin.email }),
          })
      ).catch(() => ({ status: 0, body: null }));
      await res.body?.cancel();
      statuses.push(res.status);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const clients = Array.from({ length: 4 }, (_, n) => client(n));
  await new Promise((r) => setTimeout(r, 1500));
  await redis.kill();
  const killedAt = Date.now();
  await new Promise((r) => setTimeout(r, 1000));
  const ready = await fetch(`${base}/health/ready`);
  t.is(ready.status, 503, 'not ready within a second of the crash');
  const duringOutage = statuses.length;
  await new Promise((r) => setTimeout(r, 2000));
  await redis.start();
  await new Promise((r) => setTimeout(r, 3000));
  running = false;
  await Promise.all(clients);

  t.deepEqual(
    statuses.filter((s) => s === 0 || (s >= 500 && s !== 503)),
    [],
    'no 500 and no reset',
  );
  t.true(
    statuses.slice(duringOutage).some((s) => s === 201 || s === 202),
    'requests are served after the return',
  );
  const sql = sqlOn(stack);
  await waitFor(
    async () => (await sql(`select count(*)::int as n from outbox where dispatched_at is null`))[0].n === 0,
    'the outbox to drain',
    15_000,
  );
  t.true(Date.now() - killedAt < 30_000);
  for (const [name, service] of [
    ['web', web],
    ['worker', worker],
  ] as const) {
    const lines = service
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message?: string } });
    t.is(
      lines.filter((l) => l.msg === 'Redis unavailable; reconnecting').length,
      1,
      `${name}: one warning when Redis went away`,
    );
    t.is(lines.filter((l) => l.msg === 'Redis is back').length, 1, `${name}: one line when it came back`);
    // A job lock lost during the outage is one more line, with the count, once the aftermath is over.
    const aftermath = lines.filter((l) => l.msg === 'failures caused by the Redis outage');
    t.true(aftermath.length <= 1, `${name}: the outage's failures in one line at most`);
    const noisy = lines.filter(
      (l) =>
        l.level >= 40 && !aftermath.includes(l) && /redis|ECONNREFUSED|connection is closed/i.test(JSON.stringify(l)),
    );
    t.true(
      noisy.length <= 3,
      `${name}: ${noisy.length} warnings about Redis: ${noisy
        .slice(0, 5)
        // The error's own message too: what a line about a failure that is not an outage said.
        .map((l) => (l.err?.message ? `${l.msg} (${l.err.message})` : l.msg))
        .join(' | ')}`,
    );
  }
});
