import test from 'ava';
import { startStack, type Stack } from '../helpers/stack.js';
import { exhaustLimit } from '../helpers/rate-limit.js';

let stack: Stack;
let second: Stack;
test.before(async () => {
  stack = await startStack({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_S: '60' } });
  // A second API process on the same Redis prefix: the count is shared.
  second = await startStack({ database: stack.database, env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_S: '60', REDIS_PREFIX: stack.config.REDIS_PREFIX } });
});
test.after.always(async () => { await second?.close(); await stack?.close(); });

test('the global limit counts per client IP across API processes and answers 429 RATE_LIMITED with Retry-After', async (t) => {
  const ip = '10.1.1.1';
  const first = await stack.app.inject({ method: 'GET', url: '/openapi-missing', remoteAddress: ip });
  t.is(first.headers['ratelimit-limit'], '3');
  t.is(first.headers['ratelimit-remaining'], '2');
  t.truthy(first.headers['ratelimit-reset']);
  await second.app.inject({ method: 'GET', url: '/openapi-missing', remoteAddress: ip });
  const third = await stack.app.inject({ method: 'GET', url: '/openapi-missing', remoteAddress: ip });
  t.is(third.headers['ratelimit-remaining'], '0');
  const limited = await second.app.inject({ method: 'GET', url: '/openapi-missing', remoteAddress: ip, headers: { 'x-request-id': 'rl-1' } });
  t.is(limited.statusCode, 429);
  t.is(limited.json().error.code, 'RATE_LIMITED');
  t.is(limited.json().meta.requestId, 'rl-1');
  t.true(Number(limited.headers['retry-after']) > 0);
  t.is(limited.headers['ratelimit-limit'], '3');
});

test('another client IP has its own count', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/openapi-missing', remoteAddress: '10.2.2.2' });
  t.is(res.statusCode, 404);
  t.is(res.headers['ratelimit-remaining'], '2');
});

test('health endpoints are outside every limit', async (t) => {
  for (let i = 0; i < 6; i++) {
    const res = await stack.app.inject({ method: 'GET', url: '/health/live', remoteAddress: '10.3.3.3' });
    t.is(res.statusCode, 200);
  }
});

test('login has its own tighter limit per client IP', async (t) => {
  const tight = await startStack({ env: { RATE_LIMIT_LOGIN_MAX: '2' } });
  try {
    const attempt = () => tight.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.4.4.4', payload: { email: 'nobody@example.test', password: 'wrong-password-123' } });
    await exhaustLimit(t, attempt, 2, 401);
    // The global limit still has room: only the login route is exhausted.
    t.is((await tight.app.inject({ method: 'GET', url: '/openapi.json', remoteAddress: '10.4.4.4' })).statusCode, 200);
  } finally {
    await tight.close();
  }
});

test('refresh and the registry webhook have limits of their own', async (t) => {
  const tight = await startStack({ env: { RATE_LIMIT_REFRESH_MAX: '1', RATE_LIMIT_WEBHOOK_MAX: '1' } });
  try {
    const refresh = () => tight.app.inject({ method: 'POST', url: '/auth/refresh', remoteAddress: '10.5.5.5', payload: { refreshToken: 'x'.repeat(43) } });
    t.is((await refresh()).statusCode, 401);
    t.is((await refresh()).statusCode, 429);
    const webhook = () => tight.app.inject({ method: 'POST', url: '/webhooks/registry', remoteAddress: '10.5.5.5', payload: {} });
    t.is((await webhook()).statusCode, 400);
    t.is((await webhook()).statusCode, 429);
  } finally {
    await tight.close();
  }
});
