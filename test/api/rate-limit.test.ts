import test from 'ava';
import { client } from '../helpers/client.js';
import { expectError } from '../helpers/expect.js';
import { given, PASSWORD } from '../helpers/given.js';
import { codeAt, enrolling, wrongCode } from '../helpers/mfa.js';
import { exhaustLimit } from '../helpers/rate-limit.js';
import { type Stack, startStack } from '../helpers/stack.js';

let stack: Stack;
let second: Stack;
test.before(async () => {
  stack = await startStack({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_S: '60' } });
  // A second API process on the same Redis prefix: the count is shared.
  second = await startStack({
    database: stack.database,
    env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_S: '60', REDIS_PREFIX: stack.config.REDIS_PREFIX },
  });
});
test.after.always(async () => {
  await second?.close();
  await stack?.close();
});

test('the global limit counts per client IP across API processes and answers 429 RATE_LIMITED with Retry-After', async (t) => {
  const ip = '10.1.1.1';
  const first = await stack.app.inject({ method: 'GET', url: '/openapi-missing', remoteAddress: ip });
  t.is(first.headers['ratelimit-limit'], '3');
  t.is(first.headers['ratelimit-remaining'], '2');
  t.truthy(first.headers['ratelimit-reset']);
  await second.app.inject({ method: 'GET', url: '/openapi-missing', remoteAddress: ip });
  const third = await stack.app.inject({ method: 'GET', url: '/openapi-missing', remoteAddress: ip });
  t.is(third.headers['ratelimit-remaining'], '0');
  const limited = await second.app.inject({
    method: 'GET',
    url: '/openapi-missing',
    remoteAddress: ip,
    headers: { 'x-request-id': 'rl-1' },
  });
  t.is(limited.statusCode, 429);
  t.is(limited.json().error.code, 'RATE_LIMITED');
  t.regex(limited.json().meta.requestId, /^[0-9a-f]{8}-[0-9a-f]{4}-7/, 'the service makes the request id');
  t.is(limited.json().meta.requestId, limited.headers['x-request-id']);
  t.is(limited.json().meta.correlationId, 'rl-1', "the client's id is its correlation id");
  t.true(Number(limited.headers['retry-after']) > 0);
  t.is(limited.headers['ratelimit-limit'], '3');
});

test('another client IP has its own count', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/openapi-missing', remoteAddress: '10.2.2.2' });
  t.is(res.statusCode, 404);
  t.is(res.headers['ratelimit-remaining'], '2');
});

test('an IPv6 client counts by its /64: another address of the same network spends the same count', async (t) => {
  const at = (remoteAddress: string) => stack.app.inject({ method: 'GET', url: '/openapi-missing', remoteAddress });
  t.is((await at('2001:db8:aa:1::1')).headers['ratelimit-remaining'], '2');
  t.is((await at('2001:db8:aa:1:ffff:1:2:3')).headers['ratelimit-remaining'], '1');
  t.is((await at('2001:0db8:00aa:0001::9')).headers['ratelimit-remaining'], '0', 'the same /64, written in full');
  t.is((await at('2001:db8:aa:1::77')).statusCode, 429);
  t.is((await at('2001:db8:aa:2::1')).headers['ratelimit-remaining'], '2', 'the next /64 has its own count');
});

test('an IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) shares the count of its IPv4 address', async (t) => {
  const at = (remoteAddress: string) => stack.app.inject({ method: 'GET', url: '/openapi-missing', remoteAddress });
  t.is((await at('10.6.6.6')).headers['ratelimit-remaining'], '2');
  t.is((await at('::ffff:10.6.6.6')).headers['ratelimit-remaining'], '1');
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
    const attempt = () =>
      tight.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '10.4.4.4',
        payload: { email: 'nobody@example.test', password: 'wrong-password-123' },
      });
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
    const refresh = () =>
      tight.app.inject({
        method: 'POST',
        url: '/auth/refresh',
        remoteAddress: '10.5.5.5',
        payload: { refreshToken: 'x'.repeat(43) },
      });
    t.is((await refresh()).statusCode, 401);
    t.is((await refresh()).statusCode, 429);
    const webhook = () =>
      tight.app.inject({ method: 'POST', url: '/webhooks/registry', remoteAddress: '10.5.5.5', payload: {} });
    t.is((await webhook()).statusCode, 400);
    t.is((await webhook()).statusCode, 429);
  } finally {
    await tight.close();
  }
});

// ---- The MFA and password routes' own limits, each on a stack of its own ----

test.serial(
  'MFA verify is limited per client IP: past RATE_LIMIT_MFA_MAX a minute it answers 429 RATE_LIMITED with Retry-After',
  async (t) => {
    const tight = await startStack({ env: { RATE_LIMIT_MFA_MAX: '2' } });
    try {
      const user = await enrolling(tight);
      const api = client(tight.app).as(user.session);
      const ip = '10.20.0.1';
      await exhaustLimit(
        t,
        () =>
          api.post(
            '/auth/mfa/verify',
            { code: wrongCode(user.secret), password: user.password },
            { remoteAddress: ip },
          ),
        2,
        401,
      );
      // Even the right code waits: the limit applies before the code is looked at.
      expectError(
        t,
        await api.post(
          '/auth/mfa/verify',
          { code: codeAt(user.secret), password: user.password },
          { remoteAddress: ip },
        ),
        429,
        'RATE_LIMITED',
      );
      // Another client address has its own count.
      t.is(
        (
          await api.post(
            '/auth/mfa/verify',
            { code: codeAt(user.secret), password: user.password },
            { remoteAddress: '10.20.0.2' },
          )
        ).statusCode,
        204,
      );
    } finally {
      await tight.close();
    }
  },
);

test.serial('MFA disable is limited per client IP like verify', async (t) => {
  const tight = await startStack({ env: { RATE_LIMIT_MFA_MAX: '2' } });
  try {
    const session = await given.login(tight, await given.account(tight));
    const attempt = () =>
      client(tight.app)
        .as(session)
        .post('/auth/mfa/disable', { password: PASSWORD, code: '123456' }, { remoteAddress: '10.20.1.1' });
    expectError(t, await attempt(), 422, 'INVALID_TRANSITION');
    expectError(t, await attempt(), 422, 'INVALID_TRANSITION');
    const limited = await attempt();
    expectError(t, limited, 429, 'RATE_LIMITED');
    t.true(Number(limited.headers['retry-after']) > 0);
  } finally {
    await tight.close();
  }
});

test.serial(
  'forgot-password is limited per client IP: past RATE_LIMIT_PASSWORD_MAX a minute it answers 429 RATE_LIMITED',
  async (t) => {
    const tight = await startStack({ env: { RATE_LIMIT_PASSWORD_MAX: '2' } });
    try {
      const forgot = (remoteAddress: string) =>
        client(tight.app).post('/auth/forgot-password', { email: 'someone@example.test' }, { remoteAddress });
      await exhaustLimit(t, () => forgot('10.30.0.1'), 2, 202);
      t.is((await forgot('10.30.0.2')).statusCode, 202, 'another address has its own count');
    } finally {
      await tight.close();
    }
  },
);

test.serial('reset-password is limited per client IP like forgot-password', async (t) => {
  const tight = await startStack({ env: { RATE_LIMIT_PASSWORD_MAX: '2' } });
  try {
    const attempt = () =>
      client(tight.app).post(
        '/auth/reset-password',
        { token: 'B'.repeat(43), newPassword: 'a-brand-new-passphrase-42' },
        { remoteAddress: '10.30.1.1' },
      );
    expectError(t, await attempt(), 400, 'VALIDATION_ERROR');
    expectError(t, await attempt(), 400, 'VALIDATION_ERROR');
    const limited = await attempt();
    expectError(t, limited, 429, 'RATE_LIMITED');
    t.true(Number(limited.headers['retry-after']) > 0);
  } finally {
    await tight.close();
  }
});
