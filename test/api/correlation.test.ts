import test from 'ava';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../helpers/admin-stack.js';
import type { Response } from '../helpers/client.js';
import { sqlOn, unique } from '../helpers/db.js';
import { expectData, expectError } from '../helpers/expect.js';
import { postRegistryEvent } from '../helpers/webhooks.js';

/** The service makes every request id; a client's own id is kept beside it as the correlation id. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const requestIdOf = (res: Response) => String(res.headers['x-request-id']);
const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);

test('a client X-Request-Id is not the request id: each request gets a new UUID v7, and the client id comes back as meta.correlationId', async (t) => {
  const headers = { 'x-request-id': 'client-abc:123.x' };
  const [a, b] = [await api.get('/health/live', { headers }), await api.get('/health/live', { headers })];
  for (const res of [a, b]) {
    t.regex(requestIdOf(res), UUID_V7);
    t.deepEqual(res.json().meta, { requestId: requestIdOf(res), correlationId: 'client-abc:123.x' });
  }
  t.not(requestIdOf(a), requestIdOf(b), 'the same client id never repeats a request id');
});

test('without a client id meta has no correlationId', async (t) => {
  const res = await api.get('/health/live');
  t.deepEqual(Object.keys(res.json().meta), ['requestId']);
});

test('X-Correlation-Id is taken before X-Request-Id; a malformed one falls back to the other', async (t) => {
  const both = await api.get('/health/live', { headers: { 'x-correlation-id': 'corr-1', 'x-request-id': 'req-1' } });
  t.is(both.json().meta.correlationId, 'corr-1');
  const bad = await api.get('/health/live', { headers: { 'x-correlation-id': 'corr 1', 'x-request-id': 'req-1' } });
  t.is(bad.json().meta.correlationId, 'req-1');
});

test('a client id that is too long or holds characters outside A-Z a-z 0-9 . _ : - is ignored', async (t) => {
  for (const value of ['x'.repeat(129), 'has spaces', 'tab\there', 'semi;colon', '<script>', 'a/b', '']) {
    const res = await api.get('/health/live', { headers: { 'x-request-id': value, 'x-correlation-id': value } });
    t.is(res.statusCode, 200, JSON.stringify(value));
    t.deepEqual(res.json().meta, { requestId: requestIdOf(res) }, JSON.stringify(value));
    t.regex(requestIdOf(res), UUID_V7);
  }
  const longest = 'x'.repeat(128);
  t.is((await api.get('/health/live', { headers: { 'x-request-id': longest } })).json().meta.correlationId, longest);
});

test('errors made before any route runs carry a service-made request id and the client correlation id: 404, 415, 413, malformed JSON', async (t) => {
  const headers = { 'x-request-id': 'early-1' };
  const refusals: [Response, number, string][] = [
    [await api.get('/no/such/route', { headers }), 404, 'NOT_FOUND'],
    [
      await stack.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'hello',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      await stack.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(20_000) }),
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      await stack.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"email": ',
      }),
      400,
      'MALFORMED_JSON',
    ],
  ];
  for (const [res, status, code] of refusals) {
    expectError(t, res, status, code, undefined, code);
    t.regex(requestIdOf(res), UUID_V7, code);
    t.is(res.json().meta.correlationId, 'early-1', code);
  }
});

test('two requests sending the same X-Request-Id get two request ids, and their audit entries carry those, each with the client id as correlation id', async (t) => {
  const shared = `same-${unique()}`;
  const create = (name: string) =>
    api.as(admin).post(
      '/users',
      { email: `${name}-${unique()}@example.test`, name, password: 'a-long-password-1' },
      {
        headers: { 'x-request-id': shared },
      },
    );
  const [one, two] = [await create('First'), await create('Second')];
  const ids = [expectData(t, one, 201).id, expectData(t, two, 201).id];
  t.not(requestIdOf(one), requestIdOf(two));
  const rows = await sql(
    `select subject_id, request_id, correlation_id from audit_entries where correlation_id = ? order by commit_seq`,
    [shared],
  );
  t.deepEqual(rows, [
    { subject_id: ids[0], request_id: requestIdOf(one), correlation_id: shared },
    { subject_id: ids[1], request_id: requestIdOf(two), correlation_id: shared },
  ]);
  const listed = expectData(t, await api.as(admin).get(`/audit?subjectId=${ids[1]}&action=user.create`));
  t.like(listed[0], { requestId: requestIdOf(two), correlationId: shared });
});

test('a list answers with its correlation id in meta beside the page', async (t) => {
  const res = await api.as(admin).get('/audit?limit=1', { headers: { 'x-correlation-id': 'list-1' } });
  t.like(res.json().meta, { requestId: requestIdOf(res), correlationId: 'list-1', page: { limit: 1 } });
});

test('an idempotent replay answers with its own request id and correlation id in meta and header; the change keeps the first', async (t) => {
  const key = `k-${unique()}`;
  const body = { email: `replayed-${unique()}@example.test`, name: 'Replayed', password: 'a-long-password-1' };
  const send = (correlationId?: string) =>
    api.as(admin).post('/users', body, {
      headers: { 'idempotency-key': key, ...(correlationId ? { 'x-correlation-id': correlationId } : {}) },
    });
  const first = await send('first-try');
  const replay = await send();
  t.is(replay.headers['idempotent-replayed'], 'true');
  t.deepEqual(expectData(t, replay, 201), expectData(t, first, 201));
  t.deepEqual(replay.json().meta, { requestId: requestIdOf(replay) }, "the replay's own ids, none of the first's");
  t.not(requestIdOf(replay), requestIdOf(first));
  const again = await send('third-try');
  t.deepEqual(again.json().meta, { requestId: requestIdOf(again), correlationId: 'third-try' });
  const rows = await sql(`select request_id, correlation_id from audit_entries where subject_id = ?`, [
    first.json().data.id,
  ]);
  t.deepEqual(rows, [{ request_id: requestIdOf(first), correlation_id: 'first-try' }], 'one change, the first');
});

test('a job a request causes carries its request id and correlation id', async (t) => {
  const res = await api.post(
    '/auth/forgot-password',
    { email: `nobody-${unique()}@example.test` },
    { headers: { 'x-correlation-id': 'forgot-1' } },
  );
  expectData(t, res, 202);
  const rows = await sql(`select payload from outbox where payload->'trace'->>'requestId' = ?`, [requestIdOf(res)]);
  t.is(rows.length, 1);
  const { traceparent, ...ids } = rows[0].payload.trace;
  t.deepEqual(ids, { requestId: requestIdOf(res), correlationId: 'forgot-1' });
  t.regex(traceparent, /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/, 'and the trace context of its span');
});

test('each registry delivery gets a request id of its own; the sender id is its correlation id, in the audit entry and the job', async (t) => {
  const eventId = `evt-${uuidv7()}`;
  const event = { eventId, type: 'identity.verified', occurredAt: new Date().toISOString(), data: {} };
  const res = await postRegistryEvent(stack.app, event, { headers: { 'x-request-id': 'registry-delivery-7' } });
  t.is(res.statusCode, 201);
  t.regex(requestIdOf(res), UUID_V7);
  t.is(res.json().meta.correlationId, 'registry-delivery-7');
  const [entry] = await sql(`select request_id, correlation_id from audit_entries where subject_id = ?`, [eventId]);
  t.deepEqual(entry, { request_id: requestIdOf(res), correlation_id: 'registry-delivery-7' });
  const [job] = await sql(
    `select payload from outbox where payload->'events' @> jsonb_build_array(jsonb_build_object('eventId', ?::text))`,
    [eventId],
  );
  const { traceparent, ...delivery } = job.payload.events.find((e: { eventId: string }) => e.eventId === eventId);
  t.deepEqual(delivery, { eventId, requestId: requestIdOf(res), correlationId: 'registry-delivery-7' });
  t.regex(traceparent, /^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/, 'and the trace context of its span');
});
