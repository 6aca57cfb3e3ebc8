import test from 'ava';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../helpers/admin-stack.js';
import { withResponsesInlined } from '../helpers/openapi-doc.js';
import { newEmail } from '../helpers/through-api.js';

/** The document declares the headers the service reads and writes, so a generated client knows them. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s), { env: { RATE_LIMIT_LOGIN_MAX: '2' } });

/** The document, read as plain JSON. */
type Doc = any;
const documentOf = async (): Promise<Doc> =>
  withResponsesInlined((await stack.app.inject({ method: 'GET', url: '/openapi.json' })).json());
/** The wire headers of the service: any of them on an answer must be declared for that answer. */
const WIRE = [
  'x-request-id',
  'api-version',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'idempotent-replayed',
];

/** The declared response of an operation for a status: its own, or its class (4XX). */
function declared(doc: Doc, path: string, method: string, status: number) {
  const responses = doc.paths[path][method].responses;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`];
}
const headerNames = (response: { headers?: object }) =>
  Object.keys(response?.headers ?? {}).map((h) => h.toLowerCase());

test('every header a real answer carries is declared on that answer of its operation', async (t) => {
  const doc = await documentOf();
  const key = `key-${uuidv7()}`;
  const body = { email: newEmail(), name: 'Declared Headers' };
  const cases: [string, string, () => Promise<{ statusCode: number; headers: Record<string, unknown> }>][] = [
    ['/users', 'get', () => api.as(admin).get('/users?limit=1')],
    ['/users/{id}', 'get', () => api.as(admin).get(`/users/${uuidv7()}`)],
    ['/users', 'post', () => api.as(admin).post('/users', body, { headers: { 'idempotency-key': key } })],
    ['/users', 'post', () => api.as(admin).post('/users', body, { headers: { 'idempotency-key': key } })],
    ['/auth/login', 'post', () => api.post('/auth/login', { email: newEmail(), password: 'not-the-password' })],
    ['/auth/login', 'post', () => api.post('/auth/login', { email: newEmail(), password: 'not-the-password' })],
    ['/auth/login', 'post', () => api.post('/auth/login', { email: newEmail(), password: 'not-the-password' })],
    ['/health/live', 'get', () => api.get('/health/live')],
  ];
  const seen = new Set<string>();
  for (const [path, method, send] of cases) {
    const res = await send();
    const response = declared(doc, path, method, res.statusCode);
    t.truthy(response, `${method} ${path} declares ${res.statusCode}`);
    for (const name of WIRE.filter((h) => res.headers[h] !== undefined)) {
      seen.add(name);
      t.true(headerNames(response).includes(name), `${method} ${path} ${res.statusCode} declares ${name}`);
    }
  }
  // The cases reach every wire header: a replay, a 429 and the rate-limit counts among them.
  t.deepEqual([...seen].sort(), [...WIRE].sort());
});

test('Idempotency-Key is declared on every POST that honours it, and on no other operation', async (t) => {
  const doc = await documentOf();
  const takesKey = (path: string, method: string) =>
    (doc.paths[path][method].parameters ?? []).some(
      (p: { $ref?: string }) => p.$ref === '#/components/parameters/IdempotencyKey',
    );
  t.true(takesKey('/claims/{id}/payments', 'post'));
  t.true(takesKey('/users', 'post'));
  t.false(takesKey('/auth/login', 'post'), 'sign-in takes no key: it stores no answer');
  for (const [path, item] of Object.entries<Doc>(doc.paths))
    for (const method of Object.keys(item).filter((m) => m !== 'post'))
      t.false(takesKey(path, method), `${method} ${path}`);
  t.is(doc.components.parameters.IdempotencyKey.in, 'header');
});

test('429 with Retry-After is declared wherever the rate limit counts, and not on the probes and metrics it never counts', async (t) => {
  const doc = await documentOf();
  t.is(doc.paths['/health/live'].get.responses['429'], undefined);
  t.is(doc.paths['/metrics'].get.responses['429'], undefined);
  let counted = 0;
  for (const [path, item] of Object.entries<Doc>(doc.paths))
    for (const [method, operation] of Object.entries<Doc>(item)) {
      if (path.startsWith('/health') || path === '/metrics') continue;
      counted++;
      t.truthy(operation.responses['429'], `${method} ${path}`);
      t.true(headerNames(operation.responses['429']).includes('retry-after'), `${method} ${path}`);
    }
  t.true(counted > 70);
});

test('money is an int64 amount in minor units; where an operation takes only more than zero, its body says so', async (t) => {
  const doc = await documentOf();
  const { Money, PositiveMoney } = doc.components.schemas;
  t.like(Money.properties.amountMinor, { type: 'integer', format: 'int64', minimum: 0 });
  t.like(PositiveMoney.properties.amountMinor, { type: 'integer', format: 'int64', exclusiveMinimum: 0 });
  const body = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;
  const positive = { $ref: '#/components/schemas/PositiveMoney' };
  t.deepEqual(body('/claims/{id}/payments').properties.amount, positive);
  t.deepEqual(body('/claims/{id}/settle').properties.amount, positive);
  t.deepEqual(body('/claims').properties.claimedAmount, positive);
  t.deepEqual(body('/policies').properties.premium, positive);
  t.deepEqual(body('/policies').properties.sumInsured, positive);
});
