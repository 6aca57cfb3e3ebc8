import test from 'ava';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { expectError, expectValidation } from '../helpers/expect.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';
import { signedRequest } from '../helpers/webhooks.js';

/** What a request costs before it is refused, and that every refusal still speaks the error envelope. */
let stack: Stack;
test.before(async () => {
  stack = await startStack({ env: { RATE_LIMIT_LOGIN_MAX: '100000', RATE_LIMIT_WEBHOOK_MAX: '100000' } });
});
test.after.always(async () => {
  await stack?.close();
});

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  stack.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
const registryEvent = (data: unknown) => ({
  eventId: `evt-${uuidv7()}`,
  type: 'identity.verified',
  occurredAt: new Date().toISOString(),
  data,
});

test('a route reachable without a token takes at most 16 KiB and says so', async (t) => {
  const body = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(17_000) });
  const error = expectError(t, await post('/auth/login', body), 413, 'PAYLOAD_TOO_LARGE');
  t.regex(error.message, /16384 bytes/);
});

test('a body declared larger than the route takes is refused before the rate limit counts it, with the connection closed', async (t) => {
  // A stack of its own with the contract's login limit: refusals that cost less than counting are not counted.
  const tight = await startStack({ env: { RATE_LIMIT_LOGIN_MAX: '3' } });
  try {
    const body = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(17_000) });
    for (let i = 0; i < 6; i++) {
      const res = await tight.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expectError(t, res, 413, 'PAYLOAD_TOO_LARGE');
      t.is(res.headers.connection, 'close');
      t.is(res.headers['ratelimit-remaining'], undefined, 'not counted');
    }
    const counted = await tight.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'a@example.test', password: 'wrong-password-1' },
    });
    t.is(counted.statusCode, 401);
    t.is(counted.headers['ratelimit-remaining'], '2');
  } finally {
    await tight.close();
  }
});

test('the registry webhook takes a signed body up to 256 KiB, and no more', async (t) => {
  const fits = signedRequest(stack.app, registryEvent({ email: 'kyc@example.test', note: 'x'.repeat(100_000) }));
  t.not((await stack.app.inject(fits)).statusCode, 413);
  const big = signedRequest(stack.app, registryEvent({ email: 'kyc@example.test', note: 'x'.repeat(270_000) }));
  expectError(t, await stack.app.inject(big), 413, 'PAYLOAD_TOO_LARGE');
});

test('JSON nested deeper than 32 levels answers 400 before it is parsed, on public and signed-in routes alike', async (t) => {
  expectValidation(t, await post('/auth/login', `{"email":${nested(33)}}`), { body: 'maxDepth' });
  const user = await given.user(stack, { permissions: ['user:write'] });
  expectValidation(t, await post('/users', `{"name":${nested(40)}}`, { authorization: `Bearer ${user.token}` }), {
    body: 'maxDepth',
  });
  // 32 levels are parsed and then validated as usual; brackets inside strings do not count.
  for (const body of [`{"email":${nested(31)}}`, JSON.stringify({ email: '['.repeat(100) })]) {
    const within = expectError(t, await post('/auth/login', body), 400, 'VALIDATION_ERROR');
    t.false(within.details.some((d: { constraint: string }) => d.constraint === 'maxDepth'));
  }
});

test('an unsigned webhook body is refused on its signature before it is parsed, however deep it nests', async (t) => {
  const res = await post('/webhooks/registry', nested(10_000), {
    'webhook-id': 'x',
    'webhook-timestamp': '1',
    'webhook-signature': 'v1,AAAA',
  });
  expectError(t, res, 400, 'INVALID_SIGNATURE');
});

test('a signed webhook whose data nests 10,000 deep answers 400 in the envelope, not 500', async (t) => {
  const request = signedRequest(stack.app, { eventId: `evt-${uuidv7()}` });
  const payload = `{"eventId":"${request.headers['webhook-id']}","type":"identity.verified","occurredAt":"${new Date().toISOString()}","data":${nested(10_000, '{}')}}`;
  const resigned = signedRequest(stack.app, { eventId: request.headers['webhook-id'] });
  const { signWebhook } = await import('../../shared/domain/registry/signature.js');
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await stack.app.inject({
    ...resigned,
    payload,
    headers: {
      ...resigned.headers,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(
        stack.config.REGISTRY_WEBHOOK_SECRET,
        request.headers['webhook-id'],
        timestamp,
        payload,
      ),
    },
  });
  expectValidation(t, res, { body: 'maxDepth' });
});

test('a URL that cannot be decoded answers 400 in the envelope with its request id and the client correlation id', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/users/%ZZ', headers: { 'x-request-id': 'bad-url-1' } });
  const error = expectError(t, res, 400, 'VALIDATION_ERROR');
  t.regex(res.json().meta.requestId, /^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  t.is(res.json().meta.correlationId, 'bad-url-1');
  t.is(res.headers['api-version'], '1');
  t.deepEqual(
    error.details.map((d: { field: string }) => d.field),
    ['url'],
  );
});

test('a malformed board cookie answers 401 in the envelope, not 500', async (t) => {
  const res = await stack.app.inject({
    method: 'GET',
    url: '/admin/queues/api/queues',
    headers: { cookie: 'board_token=%E0%A4%A' },
  });
  expectError(t, res, 401, 'UNAUTHENTICATED');
});

test('a Content-Length that does not match the body answers 400 in the envelope', async (t) => {
  const res = await post('/auth/login', '{"email":"a@example.test","password":"long-enough-password"}', {
    'content-length': '5',
  });
  t.is(res.statusCode, 400);
  t.is(res.json().meta.requestId, res.headers['x-request-id']);
});

test('a body sent to a route that does not exist is answered 404 before it is read', async (t) => {
  const res = await post('/no-such-route', nested(400_000));
  expectError(t, res, 404, 'NOT_FOUND');
});
