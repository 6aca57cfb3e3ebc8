import test from 'ava';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

/** Security headers on every answer: no caching of personal answers and credentials, no sniffing, no framing. */
let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

const headersOf = (res: { headers: Record<string, unknown> }) => ({
  cacheControl: res.headers['cache-control'],
  nosniff: res.headers['x-content-type-options'],
  frames: res.headers['x-frame-options'],
});

test('API answers, errors included, are no-store, nosniff and never framed', async (t) => {
  const user = await given.user(stack, { permissions: [] });
  const answers = [
    await stack.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${user.token}` } }),
    await stack.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: user.password },
    }),
    await stack.app.inject({ method: 'GET', url: '/no-such-route' }),
    await stack.app.inject({ method: 'GET', url: '/health/live' }),
  ];
  t.deepEqual(
    answers.map((r) => r.statusCode),
    [200, 200, 404, 200],
  );
  for (const res of answers)
    t.deepEqual(headersOf(res), { cacheControl: 'no-store', nosniff: 'nosniff', frames: 'DENY' });
});

test('HSTS is sent over HTTPS only, so the reference pages still open over plain HTTP', async (t) => {
  const plain = await stack.app.inject({ method: 'GET', url: '/docs/' });
  t.is(plain.statusCode, 200);
  t.is(plain.headers['strict-transport-security'], undefined);
  t.notRegex(String(plain.headers['content-security-policy'] ?? ''), /upgrade-insecure-requests/);
  const secure = await stack.app.inject({
    method: 'GET',
    url: '/health/live',
    headers: { 'x-forwarded-proto': 'https' },
  });
  t.is(
    secure.headers['strict-transport-security'],
    undefined,
    'a forwarded header from an untrusted client is ignored',
  );
});

test('behind a trusted proxy, answers to HTTPS requests carry HSTS', async (t) => {
  const proxied = await startStack({
    database: stack.database,
    env: { TRUST_PROXY: 'true', REDIS_PREFIX: stack.config.REDIS_PREFIX },
  });
  try {
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-forwarded-proto': 'https' },
    });
    t.regex(String(res.headers['strict-transport-security']), /max-age=\d+/);
  } finally {
    await proxied.close();
  }
});

test("every answer carries helmet's whole set for an API, and a static page of the reference is no-store too", async (t) => {
  for (const url of ['/health/live', '/no-such-route', '/docs']) {
    const res = await stack.app.inject({ method: 'GET', url });
    t.like(
      res.headers,
      {
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'DENY',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
        'cache-control': 'no-store',
      },
      url,
    );
  }
});
