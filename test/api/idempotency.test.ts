import test from 'ava';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';
import { OUTBOX_ROW_OF_EVENT, postRegistryEvent } from '../helpers/webhooks.js';

let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

const event = (type = 'registry.heartbeat') => ({
  eventId: `evt-${uuidv7()}`,
  type,
  occurredAt: new Date().toISOString(),
  data: {},
});
const count = async (sql: string, params: unknown[]) =>
  (await stack.orm.em.fork().execute(`select count(*)::int as n from ${sql}`, params))[0].n as number;
const auditCount = (eventId: string) => count(`audit_entries where subject_id = ?`, [eventId]);
const keyRow = async (key: string) =>
  (await stack.orm.em.fork().execute(`select * from idempotency_records where key = ?`, [key]))[0];

test('a repeat with the same key and body returns the stored response with Idempotent-Replayed and changes nothing', async (t) => {
  const key = `k-${uuidv7()}`;
  const body = event('identity.verified');
  const first = await postRegistryEvent(stack.app, body, { headers: { 'idempotency-key': key } });
  t.is(first.statusCode, 201);
  t.is(first.headers['idempotent-replayed'], undefined);
  const again = await postRegistryEvent(stack.app, body, { headers: { 'idempotency-key': key } });
  t.is(again.statusCode, 201);
  t.is(again.headers['idempotent-replayed'], 'true');
  t.deepEqual(again.json().data, first.json().data);
  t.is(again.json().meta.requestId, again.headers['x-request-id'], 'the replay answers under its own request id');
  t.is(await auditCount(body.eventId), 1);
  t.is(await count(`outbox where ${OUTBOX_ROW_OF_EVENT}`, [body.eventId, body.eventId]), 1);
  t.is((await keyRow(key)).state, 'completed');
});

test('without a key the same repeat is a conflict: the key is what makes a retry safe', async (t) => {
  const body = event();
  t.is((await postRegistryEvent(stack.app, body)).statusCode, 200);
  t.is((await postRegistryEvent(stack.app, body)).statusCode, 409);
});

test('the same key with a different body answers 409 IDEMPOTENCY_CONFLICT', async (t) => {
  const key = `k-${uuidv7()}`;
  t.is((await postRegistryEvent(stack.app, event(), { headers: { 'idempotency-key': key } })).statusCode, 200);
  const other = await postRegistryEvent(stack.app, event(), { headers: { 'idempotency-key': key } });
  t.is(other.statusCode, 409);
  t.is(other.json().error.code, 'IDEMPOTENCY_CONFLICT');
  t.regex(other.json().error.message, /different request body/);
});

test('parallel requests with the same key make exactly one change; the others replay or are told it is in progress', async (t) => {
  const key = `k-${uuidv7()}`;
  const body = event('identity.verified');
  const responses = await Promise.all(
    Array.from({ length: 8 }, () => postRegistryEvent(stack.app, body, { headers: { 'idempotency-key': key } })),
  );
  const fresh = responses.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed']);
  t.is(fresh.length, 1);
  for (const r of responses) {
    if (r === fresh[0]) continue;
    if (r.statusCode === 409) {
      t.is(r.json().error.code, 'IDEMPOTENCY_CONFLICT');
      t.regex(r.json().error.message, /in progress/);
      t.is(r.headers['retry-after'], '1', 'told when to try again');
    } else {
      t.is(r.statusCode, 201);
      t.is(r.headers['idempotent-replayed'], 'true');
    }
  }
  t.is(await auditCount(body.eventId), 1);
  t.is(await count(`outbox where ${OUTBOX_ROW_OF_EVENT}`, [body.eventId, body.eventId]), 1);
});

test('a request that fails stores nothing, so the key can be used again', async (t) => {
  const body = event();
  t.is((await postRegistryEvent(stack.app, body)).statusCode, 200);
  const key = `k-${uuidv7()}`;
  const failed = await postRegistryEvent(stack.app, body, { headers: { 'idempotency-key': key } });
  t.is(failed.statusCode, 409);
  t.is(failed.json().error.code, 'CONFLICT');
  t.falsy(await keyRow(key));
  const retry = await postRegistryEvent(stack.app, event(), { headers: { 'idempotency-key': key } });
  t.is(retry.statusCode, 200);
  t.is(retry.headers['idempotent-replayed'], undefined);
});

test('keys are scoped to the caller: another client IP with the same key is a different request', async (t) => {
  const key = `k-${uuidv7()}`;
  t.is((await postRegistryEvent(stack.app, event(), { headers: { 'idempotency-key': key } })).statusCode, 200);
  const elsewhere = await stack.app.inject({
    ...(await import('../helpers/webhooks.js')).signedRequest(stack.app, event(), { 'idempotency-key': key }),
    remoteAddress: '10.9.9.9',
  });
  t.is(elsewhere.statusCode, 200);
  t.is(elsewhere.headers['idempotent-replayed'], undefined);
});

test('the stored request hash is keyed, not a plain hash of the body (bodies can hold passwords)', async (t) => {
  const key = `k-${uuidv7()}`;
  const body = event();
  t.is((await postRegistryEvent(stack.app, body, { headers: { 'idempotency-key': key } })).statusCode, 200);
  const { createHash } = await import('node:crypto');
  const { canonicalJson } = await import('../../shared/kernel/canonical-json.js');
  t.not((await keyRow(key)).request_hash, createHash('sha256').update(canonicalJson(body)).digest('hex'));
});

test('a malformed key answers 400 VALIDATION_ERROR on headers.idempotency-key', async (t) => {
  const res = await postRegistryEvent(stack.app, event(), { headers: { 'idempotency-key': 'x'.repeat(256) } });
  t.is(res.statusCode, 400);
  t.is(res.json().error.details[0].field, 'headers.idempotency-key');
});

test('a claim left behind by a request that died is taken over after it expires', async (t) => {
  const key = `k-${uuidv7()}`;
  const body = event();
  // A first request with this key claims it and dies: simulate by expiring its claim while it is held.
  const first = await postRegistryEvent(stack.app, body, { headers: { 'idempotency-key': key } });
  t.is(first.statusCode, 200);
  await stack.orm.em
    .fork()
    .execute(
      `update idempotency_records set state = 'in_progress', response_status = null, response_body = null, locked_until = now() - interval '1 second' where key = ?`,
      [key],
    );
  await stack.orm.em.fork().execute(`delete from registry_events where event_id = ?`, [body.eventId]);
  const res = await postRegistryEvent(stack.app, body, { headers: { 'idempotency-key': key } });
  t.is(res.statusCode, 200);
  t.is((await keyRow(key)).state, 'completed');
});

test('records older than 24 hours are purged by the scheduled maintenance job', async (t) => {
  const workers = await (await import('../../workers/main.js')).startWorkers({
    config: stack.config,
    orm: stack.orm,
    relay: false,
    log: stack.app.log as never,
  });
  try {
    const schedulers = await workers.queues.get('maintenance').getJobSchedulers();
    t.true(schedulers.some((s) => s.key === 'purge-idempotency' || s.id === 'purge-idempotency'));
    const oldKey = `old-${uuidv7()}`;
    const newKey = `new-${uuidv7()}`;
    await stack.orm.em.fork().execute(
      `insert into idempotency_records (caller, method, path, key, request_hash, state, response_status, response_body, created_at)
       values ('ip:1', 'POST', '/x', ?, 'h', 'completed', 200, '{}', now() - interval '25 hours'),
              ('ip:1', 'POST', '/x', ?, 'h', 'completed', 200, '{}', now() - interval '23 hours')`,
      [oldKey, newKey],
    );
    await workers.queues.get('maintenance').add('purge-idempotency', {});
    await waitFor(async () => !(await keyRow(oldKey)), 'old record purged');
    t.truthy(await keyRow(newKey));
  } finally {
    await workers.close();
  }
});

test('a repeat while the first request still runs answers 409 IDEMPOTENCY_CONFLICT in progress with Retry-After; the first then completes', async (t) => {
  const key = `k-${uuidv7()}`;
  const body = event('identity.verified');
  // The first request claims the key, then waits for this lock to store its event.
  const blocker = stack.orm.em.fork();
  await blocker.begin();
  await blocker.execute('lock table registry_events in access exclusive mode');
  try {
    const first = postRegistryEvent(stack.app, body, { headers: { 'idempotency-key': key } });
    await waitFor(async () => (await keyRow(key))?.state === 'in_progress', 'the first request to claim the key');
    const repeat = await postRegistryEvent(stack.app, body, { headers: { 'idempotency-key': key } });
    t.is(repeat.statusCode, 409);
    t.is(repeat.json().error.code, 'IDEMPOTENCY_CONFLICT');
    t.regex(repeat.json().error.message, /in progress/);
    t.is(repeat.headers['retry-after'], '1');
    await blocker.rollback();
    t.is((await first).statusCode, 201);
  } finally {
    if (blocker.isInTransaction()) await blocker.rollback();
  }
  t.is((await keyRow(key)).state, 'completed');
});

test('only the POST routes that take an Idempotency-Key run its hooks: a GET, a PATCH and a POST that opts out run none', (t) => {
  const route = (method: string, url: string) => {
    const found = stack.app.routeCatalog.find((r) => r.method === method && r.url === url);
    if (!found) throw new Error(`no route ${method} ${url}`);
    return [...found.hooks('preHandler'), ...found.hooks('onSend')].filter((name) => /Idempotency|Claim/.test(name));
  };
  t.deepEqual(route('POST', '/users'), ['claimIdempotencyKey', 'releaseUnansweredClaim']);
  t.deepEqual(route('GET', '/users/:id'), []);
  t.deepEqual(route('PATCH', '/users/:id'), []);
  const optedOut = stack.app.routeCatalog.find((r) => r.method === 'POST' && r.config?.idempotent === false);
  t.truthy(optedOut, 'some POST route opts out');
  t.deepEqual(route('POST', optedOut?.url ?? ''), []);
});
