import test from 'ava';
import { bearer } from '../helpers/client.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('every response carries API-Version and a generated UUID v7 X-Request-Id that matches meta.requestId', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/health/live' });
  t.is(res.statusCode, 200);
  t.is(res.headers['api-version'], '1');
  t.regex(String(res.headers['x-request-id']), UUID_V7);
  t.is(res.json().meta.requestId, res.headers['x-request-id']);
  t.deepEqual(res.json().data, { status: 'ok' });
});

test('an unknown route answers 404 NOT_FOUND in the error envelope', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/no/such/route?x=1' });
  t.is(res.statusCode, 404);
  t.is(res.headers['api-version'], '1');
  t.deepEqual(res.json(), {
    error: { code: 'NOT_FOUND', message: 'No route GET /no/such/route' },
    meta: { requestId: res.headers['x-request-id'] },
  });
});

test('malformed JSON answers 400 MALFORMED_JSON', async (t) => {
  // (The registry webhook checks its signature before parsing: an unsigned malformed body is INVALID_SIGNATURE there.)
  const res = await stack.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"eventId": ',
  });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'MALFORMED_JSON');
  t.truthy(res.json().meta.requestId);
});

test('a body that is not application/json answers 415 UNSUPPORTED_MEDIA_TYPE', async (t) => {
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
    const res = await stack.app.inject({
      method: 'POST',
      url: '/webhooks/registry',
      headers: { 'content-type': contentType },
      payload: 'a=1',
    });
    t.is(res.statusCode, 415, contentType);
    t.is(res.json().error.code, 'UNSUPPORTED_MEDIA_TYPE');
  }
});

test('a body over 1 MiB answers 413 PAYLOAD_TOO_LARGE', async (t) => {
  const payload = JSON.stringify({
    eventId: 'big',
    type: 'x',
    occurredAt: new Date().toISOString(),
    data: { blob: 'x'.repeat(1_100_000) },
  });
  const res = await stack.app.inject({
    method: 'POST',
    url: '/webhooks/registry',
    headers: { 'content-type': 'application/json' },
    payload,
  });
  t.is(res.statusCode, 413);
  t.is(res.json().error.code, 'PAYLOAD_TOO_LARGE');
});

test('validation failures answer 400 with one details entry per offending field, naming the constraint', async (t) => {
  const user = await given.user(stack, { permissions: ['audit:read'] });
  const res = await stack.app.inject({
    method: 'GET',
    url: '/audit?limit=0&from=yesterday&colour=blue',
    headers: bearer(user),
  });
  t.is(res.statusCode, 400);
  const body = res.json();
  t.is(body.error.code, 'VALIDATION_ERROR');
  const byField = Object.fromEntries(body.error.details.map((d: { field: string }) => [d.field, d]));
  t.deepEqual(Object.keys(byField).sort(), ['query.colour', 'query.from', 'query.limit']);
  t.is(byField['query.limit'].constraint, 'minimum');
  t.is(byField['query.from'].constraint, 'format');
  t.is(byField['query.colour'].constraint, 'additionalProperties');
  for (const d of body.error.details) t.true(typeof d.message === 'string' && d.message.length > 0);
});

test('an unhandled error answers 500 INTERNAL_ERROR with nothing internal in the body', async (t) => {
  // A real failure path: a second app whose database does not exist, asked with a valid token.
  const { startStack: start } = await import('../helpers/stack.js');
  const broken = await start({
    database: `${stack.database}_missing`,
    env: { REDIS_PREFIX: stack.config.REDIS_PREFIX },
  });
  const user = await given.user(stack, { permissions: ['audit:read'] });
  const res = await broken.app.inject({ method: 'GET', url: '/audit', headers: bearer(user) });
  t.is(res.statusCode, 500);
  const body = res.json();
  t.is(body.error.code, 'INTERNAL_ERROR');
  t.truthy(body.meta.requestId);
  t.notRegex(JSON.stringify(body), /select|pool|database|at .*\.(js|ts)|stack/i);
  await broken.close();
});
