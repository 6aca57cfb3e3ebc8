import test from 'ava';
import pg from 'pg';
import { expectError } from '../helpers/expect.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

/** Limits are counted before the caller is resolved: refusals count too, and a limited request costs no query. */
let stack: Stack;
test.before(async () => {
  stack = await startStack({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_S: '60' } });
});
test.after.always(async () => {
  await stack?.close();
});

let ips = 0;
const nextIp = () => `10.9.0.${++ips}`;
const get = (url: string, ip: string, token?: string) =>
  stack.app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** Every query this process sends to PostgreSQL while `fn` runs. */
async function queriesDuring(fn: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return count;
}

test('requests without a token, with a bad token or lacking a permission are counted and carry the limit headers', async (t) => {
  const ip = nextIp();
  const weak = await given.user(stack, { permissions: [] });
  const answers = [
    await get('/users', ip),
    await get('/users', ip, 'not-a-token'),
    await get('/users', ip, weak.token),
  ];
  t.deepEqual(
    answers.map((r) => r.statusCode),
    [401, 401, 403],
  );
  t.deepEqual(
    answers.map((r) => r.headers['ratelimit-remaining']),
    ['2', '1', '0'],
  );
  for (const r of answers) t.is(r.headers['ratelimit-limit'], '3');
  expectError(t, await get('/users', ip), 429, 'RATE_LIMITED');
});

// Serial: it counts every query of the process, so another test's queries must not run beside it.
test.serial('a request over its limit is refused before any database query, even with a revoked token', async (t) => {
  const user = await given.user(stack, { permissions: ['user:read'] });
  t.is(
    (
      await stack.app.inject({
        method: 'POST',
        url: '/auth/logout-all',
        remoteAddress: nextIp(),
        headers: { authorization: `Bearer ${user.token}` },
      })
    ).statusCode,
    204,
  );
  const ip = nextIp();
  // Within the limit, a revoked token is looked up (refusals are never cached): this costs queries.
  t.true(
    (await queriesDuring(async () =>
      expectError(t, await get(`/users/${user.id}`, ip, user.token), 401, 'SESSION_REVOKED'),
    )) > 0,
  );
  await get('/health/missing', ip);
  await get('/health/missing', ip);
  const limited = await queriesDuring(async () =>
    expectError(t, await get(`/users/${user.id}`, ip, user.token), 429, 'RATE_LIMITED'),
  );
  t.is(limited, 0);
});

test('the OpenAPI document and the reference pages count toward the limit; health endpoints do not', async (t) => {
  const ip = nextIp();
  const seen = [
    (await get('/openapi.json', ip)).headers['ratelimit-remaining'],
    (await get('/docs', ip)).headers['ratelimit-remaining'],
  ];
  t.deepEqual(seen, ['2', '1']);
  t.is((await get('/health/live', ip)).headers['ratelimit-remaining'], undefined);
});
