import test from 'ava';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { pgMessagesDuring } from '../helpers/db.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';
import { OUTBOX_ROW_OF_EVENT, postRegistryEvent } from '../helpers/webhooks.js';

let stack: Stack;
test.before(async () => {
  stack = await startStack({ workers: true });
});
test.after.always(async () => {
  await stack?.close();
});

async function createUser(email: string): Promise<string> {
  const id = uuidv7();
  await stack.orm.em
    .fork()
    .execute(`insert into users (id, email, name, status) values (?, ?, 'Kyc Person', 'active')`, [id, email]);
  return id;
}
const kycOf = async (id: string) =>
  (await stack.orm.em.fork().execute(`select kyc_status, kyc_reference, national_id from users where id = ?`, [id]))[0];
const eventRow = async (eventId: string) =>
  (await stack.orm.em.fork().execute(`select * from registry_events where event_id = ?`, [eventId]))[0];
const event = (type: string, data: Record<string, unknown>) => ({
  eventId: `evt-${uuidv7()}`,
  type,
  occurredAt: new Date().toISOString(),
  data,
});

test('a signed identity.verified event is queued by the API and applied by the worker', async (t) => {
  const userId = await createUser(`kyc-${uuidv7()}@example.test`);
  const body = event('identity.verified', { userId, nationalId: 'ID-123', reference: 'REG-9' });
  const res = await postRegistryEvent(stack.app, body);
  t.is(res.statusCode, 201);
  t.deepEqual(res.json().data, { eventId: body.eventId, status: 'queued' });
  const user = await waitFor(async () => {
    const u = await kycOf(userId);
    return u.kyc_status === 'verified' && u;
  }, 'kycStatus verified');
  t.is(user.kyc_reference, 'REG-9');
  t.is(user.national_id, 'ID-123');
  t.is((await eventRow(body.eventId)).status, 'processed');
});

test('identity events find the user by email, case-insensitively', async (t) => {
  const email = `Mixed.Case-${uuidv7()}@Example.test`;
  const userId = await createUser(email);
  const res = await postRegistryEvent(stack.app, event('identity.rejected', { email: email.toUpperCase() }));
  t.is(res.statusCode, 201);
  await waitFor(async () => (await kycOf(userId)).kyc_status === 'rejected', 'kycStatus rejected');
  t.pass();
});

test('a type not acted upon is stored and acknowledged with 200 ignored, and queues nothing', async (t) => {
  const body = event('registry.heartbeat', {});
  const res = await postRegistryEvent(stack.app, body);
  t.is(res.statusCode, 200);
  t.deepEqual(res.json().data, { eventId: body.eventId, status: 'ignored' });
  t.is((await eventRow(body.eventId)).status, 'ignored');
  const outbox = await stack.orm.em
    .fork()
    .execute(`select count(*)::int as n from outbox where ${OUTBOX_ROW_OF_EVENT}`, [body.eventId, body.eventId]);
  t.is(outbox[0].n, 0);
});

test('a known eventId answers 409 CONFLICT, also when both deliveries arrive at once', async (t) => {
  const body = event('identity.verified', { email: 'nobody-dup@example.test' });
  const [a, b] = await Promise.all([postRegistryEvent(stack.app, body), postRegistryEvent(stack.app, body)]);
  t.deepEqual([a.statusCode, b.statusCode].sort(), [201, 409]);
  const again = await postRegistryEvent(stack.app, body);
  t.is(again.statusCode, 409);
  t.is(again.json().error.code, 'CONFLICT');
});

test('a bad signature, a wrong secret, a stale timestamp or missing headers answer 400 INVALID_SIGNATURE and store nothing', async (t) => {
  const cases = [
    { name: 'wrong secret', opts: { secret: `whsec_${Buffer.from('another-secret-entirely').toString('base64')}` } },
    { name: 'stale timestamp', opts: { timestamp: Math.floor(Date.now() / 1000) - 330 } },
    { name: 'future timestamp', opts: { timestamp: Math.floor(Date.now() / 1000) + 330 } },
    { name: 'garbage signature', opts: { headers: { 'webhook-signature': 'v1,AAAA' } } },
    { name: 'no signature', opts: { headers: { 'webhook-signature': '' } } },
  ];
  for (const c of cases) {
    const body = event('identity.verified', { email: 'x@example.test' });
    const res = await postRegistryEvent(stack.app, body, c.opts);
    t.is(res.statusCode, 400, c.name);
    t.is(res.json().error.code, 'INVALID_SIGNATURE', c.name);
    t.falsy(await eventRow(body.eventId), c.name);
  }
});

test('a signature is also accepted among several (key rotation)', async (t) => {
  const body = event('registry.heartbeat', {});
  const { signWebhook } = await import('../../shared/domain/registry/signature.js');
  const ts = Math.floor(Date.now() / 1000);
  const good = signWebhook(stack.config.REGISTRY_WEBHOOK_SECRET, body.eventId, ts, JSON.stringify(body));
  const res = await postRegistryEvent(stack.app, body, {
    timestamp: ts,
    headers: { 'webhook-signature': `v1,b2xkLWtleQ== ${good}` },
  });
  t.is(res.statusCode, 200);
});

test('a body changed after signing is refused', async (t) => {
  const body = event('identity.verified', { email: 'a@example.test' });
  const ts = Math.floor(Date.now() / 1000);
  const { signWebhook } = await import('../../shared/domain/registry/signature.js');
  const signature = signWebhook(stack.config.REGISTRY_WEBHOOK_SECRET, body.eventId, ts, JSON.stringify(body));
  const res = await stack.app.inject({
    method: 'POST',
    url: '/webhooks/registry',
    headers: {
      'content-type': 'application/json',
      'webhook-id': body.eventId,
      'webhook-timestamp': String(ts),
      'webhook-signature': signature,
    },
    payload: JSON.stringify({ ...body, type: 'identity.revoked' }),
  });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'INVALID_SIGNATURE');
});

test('a signed but invalid body answers 400 VALIDATION_ERROR per field', async (t) => {
  const res = await postRegistryEvent(stack.app, { eventId: 'evt-bad-1', type: '', occurredAt: 'yesterday', data: {} });
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.deepEqual(
    res
      .json()
      .error.details.map((d: { field: string }) => d.field)
      .sort(),
    ['body.occurredAt', 'body.type'],
  );
});

test('an event whose user cannot be found is kept as failed with the reason and retried with backoff', async (t) => {
  const body = event('identity.verified', { email: `ghost-${uuidv7()}@example.test` });
  t.is((await postRegistryEvent(stack.app, body)).statusCode, 201);
  const row = await waitFor(async () => {
    const r = await eventRow(body.eventId);
    return r?.status === 'failed' && r;
  }, 'event failed');
  t.regex(row.failure_reason, /no user matches/);
  const [outbox] = await stack.orm.em
    .fork()
    .execute(`select id from outbox where job_name = 'registry-event' and payload->>'eventId' = ?`, [body.eventId]);
  const job = await waitFor(async () => {
    const j = await stack.workers!.queues.get('webhooks').getJob(outbox.id);
    return j && j.attemptsMade >= 1 && j;
  }, 'first failed attempt');
  t.is(job.opts.attempts, 5);
  t.deepEqual(job.opts.backoff, { type: 'exponential', delay: 1000 });
  t.regex(String(job.failedReason), /no user matches/);
});

test('the webhook is public and the audit trail records it with actor webhook', async (t) => {
  const body = event('registry.heartbeat', {});
  const res = await postRegistryEvent(stack.app, body);
  t.is(res.statusCode, 200);
  const [entry] = await stack.orm.em
    .fork()
    .execute(`select actor, action, request_id from audit_entries where subject_id = ?`, [body.eventId]);
  t.deepEqual(entry, { actor: 'webhook', action: 'registry_event.receive', request_id: res.headers['x-request-id'] });
});

test('an event naming a userId and the email of another user changes neither, and is kept as failed', async (t) => {
  const first = await createUser(`first-${uuidv7()}@example.test`);
  const secondEmail = `second-${uuidv7()}@example.test`;
  const second = await createUser(secondEmail);
  const body = event('identity.revoked', { userId: first, email: secondEmail });
  t.is((await postRegistryEvent(stack.app, body)).statusCode, 201);
  const row = await waitFor(async () => {
    const r = await eventRow(body.eventId);
    return r?.status === 'failed' && r;
  }, 'event failed');
  t.regex(row.failure_reason, /must name the same user/);
  t.is((await kycOf(first)).kyc_status, 'unverified');
  t.is((await kycOf(second)).kyc_status, 'unverified');
});

test("an event naming a userId and that user's own email is applied", async (t) => {
  const email = `both-${uuidv7()}@example.test`;
  const userId = await createUser(email);
  t.is(
    (await postRegistryEvent(stack.app, event('identity.verified', { userId, email: email.toUpperCase() }))).statusCode,
    201,
  );
  await waitFor(async () => (await kycOf(userId)).kyc_status === 'verified', 'kycStatus verified');
  t.pass();
});

test('deliveries arriving together are committed together: each stored once, duplicates 409, one job for many, every event applied with its own request id', async (t) => {
  const users = await Promise.all(
    Array.from({ length: 40 }, (_, i) => createUser(`batch-${i}-${uuidv7()}@example.test`)),
  );
  const events = users.map((userId, i) => event('identity.verified', { userId, reference: `REG-B${i}` }));
  const ghost = event('identity.verified', { email: `ghost-batch-${uuidv7()}@example.test` });
  const heartbeat = event('registry.heartbeat', {});
  const deliveries = [...events, ghost, heartbeat, ...events.slice(0, 10)];
  const answers = await Promise.all(
    deliveries.map((body, i) =>
      postRegistryEvent(stack.app, body, { headers: { 'x-request-id': `batch-rid-${i}-${body.eventId}` } }),
    ),
  );
  const statuses = (eventId: string) =>
    answers
      .filter((_, i) => deliveries[i].eventId === eventId)
      .map((a) => a.statusCode)
      .sort();
  for (const e of events.slice(0, 10)) t.deepEqual(statuses(e.eventId), [201, 409]);
  for (const e of events.slice(10)) t.deepEqual(statuses(e.eventId), [201]);
  t.deepEqual(statuses(ghost.eventId), [201]);
  t.deepEqual(statuses(heartbeat.eventId), [200]);

  const ids = [...events, ghost].map((e) => e.eventId);
  const sql = (q: string, p: unknown[]) => stack.orm.em.fork().execute(q, p);
  type Batch = { payload: { events: { eventId: string }[] } };
  const batches = (await sql(`select payload from outbox where job_name = 'registry-events'`, [])) as Batch[];
  const jobs = batches.filter((b) => b.payload.events.some((e) => ids.includes(e.eventId)));
  const queued = jobs.flatMap((b) => b.payload.events).filter((e) => ids.includes(e.eventId));
  t.is(queued.length, ids.length, 'each queued delivery in one job');
  t.true(jobs.length < ids.length / 2, `${jobs.length} jobs for ${ids.length} queued deliveries`);

  await waitFor(async () => {
    const [{ n }] = await sql(`select count(*)::int as n from users where id in (?) and kyc_status = 'verified'`, [
      users,
    ]);
    return n === users.length;
  }, 'every event applied');
  const received = await sql(
    `select subject_id, request_id, correlation_id from audit_entries where action = 'registry_event.receive' and subject_id in (?)`,
    [ids],
  );
  t.is(received.length, ids.length, 'one receive entry per stored delivery');
  const applied = await sql(
    `select subject_id, request_id, correlation_id from audit_entries where action = 'registry_event.process' and subject_id in (?)`,
    [ids],
  );
  t.is(applied.length, events.length);
  for (const entry of [...received, ...applied]) {
    const first = deliveries.findIndex((d) => d.eventId === entry.subject_id);
    const winner = answers.findIndex((a, i) => deliveries[i].eventId === entry.subject_id && a.statusCode === 201);
    t.true(first >= 0);
    t.is(entry.request_id, answers[winner].headers['x-request-id'], 'the request id of the delivery that was stored');
    t.is(entry.correlation_id, `batch-rid-${winner}-${entry.subject_id}`, "and the sender's id for it");
  }
  await waitFor(async () => (await eventRow(ghost.eventId)).status === 'failed', 'the ghost kept as failed');
  const retry = await sql(
    `select count(*)::int as n from outbox where job_name = 'registry-event' and payload->>'eventId' = ?`,
    [ghost.eventId],
  );
  t.is(retry[0].n, 1, 'the failed event queued alone for retries');
});

test('a failed event can be found by its eventId: status, type, attempts, last error and times, never its payload', async (t) => {
  const viewer = await given.user(stack, { permissions: ['webhook:read'] });
  const auth = { authorization: `Bearer ${viewer.token}` };
  const email = `ghost-${uuidv7()}@example.test`;
  const body = event('identity.verified', { email, nationalId: 'ID-SECRET-1' });
  t.is((await postRegistryEvent(stack.app, body)).statusCode, 201);
  await waitFor(async () => (await eventRow(body.eventId))?.status === 'failed', 'event failed');

  const one = await stack.app.inject({
    method: 'GET',
    url: `/webhooks/registry/events/${body.eventId}`,
    headers: auth,
  });
  t.is(one.statusCode, 200);
  const found = one.json().data;
  t.like(found, { eventId: body.eventId, type: 'identity.verified', status: 'failed' });
  t.true(found.attempts >= 1);
  t.regex(found.lastError, /no user matches/);
  t.is(found.occurredAt, body.occurredAt);
  t.truthy(Date.parse(found.receivedAt));
  t.is(found.processedAt, null);
  t.truthy(found.requestId);
  t.false(one.body.includes(email) || one.body.includes('ID-SECRET-1'), 'no personal data');

  const failed = await stack.app.inject({
    method: 'GET',
    url: '/webhooks/registry/events?status=failed&limit=100',
    headers: auth,
  });
  t.is(failed.statusCode, 200);
  t.true(failed.json().data.some((e: { eventId: string }) => e.eventId === body.eventId));
  t.true(failed.json().data.every((e: { status: string }) => e.status === 'failed'));
  const processed = await stack.app.inject({
    method: 'GET',
    url: '/webhooks/registry/events?status=processed',
    headers: auth,
  });
  t.false(processed.json().data.some((e: { eventId: string }) => e.eventId === body.eventId));
});

test('looking up registry events needs webhook:read; an unknown eventId answers 404', async (t) => {
  const agent = await given.user(stack, { roles: ['agent'] });
  const refused = await stack.app.inject({
    method: 'GET',
    url: '/webhooks/registry/events',
    headers: { authorization: `Bearer ${agent.token}` },
  });
  t.is(refused.statusCode, 403);
  t.deepEqual(refused.json().error.details.missingPermissions, ['webhook:read']);
  t.is((await stack.app.inject({ method: 'GET', url: '/webhooks/registry/events' })).statusCode, 401);
  const admin = await given.admin(stack);
  const unknown = await stack.app.inject({
    method: 'GET',
    url: `/webhooks/registry/events/evt-${uuidv7()}`,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  t.is(unknown.statusCode, 404);
  t.is(unknown.json().error.code, 'NOT_FOUND');
});

test('an eventId stored earlier, sent again beside a new one, gets 409 and leaves no second audit entry and no place in the new job', async (t) => {
  const known = event('identity.verified', { userId: await createUser(`known-${uuidv7()}@example.test`) });
  t.is((await postRegistryEvent(stack.app, known)).statusCode, 201);
  const fresh = event('identity.verified', { userId: await createUser(`fresh-${uuidv7()}@example.test`) });
  const [again, first] = await Promise.all([postRegistryEvent(stack.app, known), postRegistryEvent(stack.app, fresh)]);
  t.is(again.statusCode, 409);
  t.is(first.statusCode, 201);
  const sql = (q: string, p: unknown[]) => stack.orm.em.fork().execute(q, p);
  const receives = await sql(
    `select subject_id from audit_entries where action = 'registry_event.receive' and subject_id in (?, ?)`,
    [known.eventId, fresh.eventId],
  );
  t.deepEqual(receives.map((r) => r.subject_id).sort(), [known.eventId, fresh.eventId].sort(), 'one entry each');
  const naming = async (eventId: string) =>
    (
      await sql(
        `select count(*)::int as n from outbox where job_name = 'registry-events' and payload->'events' @> ?::jsonb`,
        [JSON.stringify([{ eventId }])],
      )
    )[0].n;
  t.is(await naming(known.eventId), 1, 'the known event is in its first job only');
  t.is(await naming(fresh.eventId), 1);
});

/** Counts node-pg's Parse messages for the intake's statement (its text names registry_events) while `fn` runs. */
async function intakeParsesDuring(fn: () => Promise<unknown>): Promise<number> {
  let count = 0;
  await pgMessagesDuring(
    'parse',
    (query) => {
      if (query.text.includes('insert into "registry_events"')) count++;
    },
    fn,
  );
  return count;
}

test.serial(
  "the intake's statement is parsed and planned once per connection, not at each delivery (a named prepared statement)",
  async (t) => {
    t.is((await postRegistryEvent(stack.app, event('registry.heartbeat', {}))).statusCode, 200);
    const deliveries = 30;
    const parses = await intakeParsesDuring(async () => {
      for (let i = 0; i < deliveries; i++)
        t.is((await postRegistryEvent(stack.app, event('registry.heartbeat', {}))).statusCode, 200);
    });
    // Unnamed, each of the 30 batches is parsed again; named, only a connection new to it parses it.
    t.true(parses <= stack.config.DATABASE_POOL_MAX, `${parses} parses for ${deliveries} deliveries`);
  },
);
