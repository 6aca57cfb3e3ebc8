import { spawn } from 'node:child_process';
import test from 'ava';
import { signWebhook } from '../../shared/domain/registry/signature.js';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { bearer } from '../helpers/client.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';
import { OUTBOX_ROW_OF_EVENT, postRegistryEvent } from '../helpers/webhooks.js';

/** Two secrets configured while the registry rotates its key: the new one first, the old one after. */
const NEW_SECRET = `whsec_${Buffer.from('the-registry-new-key-0123456789').toString('base64')}`;
const OLD_SECRET = 'the-registry-old-key-plain-text';

let stack: Stack;
test.before(async () => {
  stack = await startStack({ workers: true, env: { REGISTRY_WEBHOOK_SECRET: `${NEW_SECRET}, ${OLD_SECRET}` } });
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
const sql = (query: string, params: unknown[] = []) => stack.orm.em.fork().execute(query, params);
const kycOf = async (id: string) => (await sql(`select kyc_status, kyc_reference from users where id = ?`, [id]))[0];
const event = (type: string, data: Record<string, unknown>) => ({
  eventId: `evt-${uuidv7()}`,
  type,
  occurredAt: new Date().toISOString(),
  data,
});
/** The job that carried an event, once relayed: its intake batch's (perhaps merged with others), or (`retry`) its own retry job's. */
const outboxJobId = (eventId: string, job: 'registry-events' | 'registry-event' = 'registry-events') =>
  waitFor(
    async () =>
      (await sql(`select job_id from outbox where job_name = ? and ${OUTBOX_ROW_OF_EVENT}`, [job, eventId, eventId]))[0]
        ?.job_id as string | undefined,
    'the event relayed',
  );

test('with two secrets configured, a delivery signed by either one, or carrying both signatures, is accepted', async (t) => {
  const ts = Math.floor(Date.now() / 1000);
  const sign = (secret: string, body: ReturnType<typeof event>) =>
    signWebhook(secret, body.eventId, ts, JSON.stringify(body));
  const cases = [
    { name: 'new secret', signature: (b: ReturnType<typeof event>) => sign(NEW_SECRET, b) },
    { name: 'old secret', signature: (b: ReturnType<typeof event>) => sign(OLD_SECRET, b) },
    {
      name: 'old and new',
      signature: (b: ReturnType<typeof event>) => `${sign(OLD_SECRET, b)} ${sign(NEW_SECRET, b)}`,
    },
    {
      name: 'an unknown one and the old one',
      signature: (b: ReturnType<typeof event>) => `${sign('a-retired-key-0123456789', b)} ${sign(OLD_SECRET, b)}`,
    },
  ];
  for (const c of cases) {
    const body = event('registry.heartbeat', {});
    const res = await postRegistryEvent(stack.app, body, {
      timestamp: ts,
      headers: { 'webhook-signature': c.signature(body) },
    });
    t.is(res.statusCode, 200, c.name);
  }
});

test('with two secrets configured, a third secret, a tampered body or a timestamp over 5 minutes off is refused', async (t) => {
  const now = Math.floor(Date.now() / 1000);
  const cases = [
    { name: 'third secret', opts: { secret: 'a-third-secret-nobody-configured' } },
    { name: 'stale, old secret', opts: { secret: OLD_SECRET, timestamp: now - 360 } },
    { name: 'future, new secret', opts: { secret: NEW_SECRET, timestamp: now + 360 } },
  ];
  const refused: string[] = [];
  for (const c of cases) {
    const body = event('registry.heartbeat', {});
    refused.push(body.eventId);
    const res = await postRegistryEvent(stack.app, body, c.opts);
    t.is(res.statusCode, 400, c.name);
    t.is(res.json().error.code, 'INVALID_SIGNATURE', c.name);
  }
  const body = event('registry.heartbeat', {});
  refused.push(body.eventId);
  const signature = signWebhook(OLD_SECRET, body.eventId, now, JSON.stringify(body));
  const tampered = await stack.app.inject({
    method: 'POST',
    url: '/webhooks/registry',
    headers: {
      'content-type': 'application/json',
      'webhook-id': body.eventId,
      'webhook-timestamp': String(now),
      'webhook-signature': signature,
    },
    payload: JSON.stringify({ ...body, data: { email: 'someone-else@example.test' } }),
  });
  t.is(tampered.statusCode, 400, 'tampered body');
  t.is(tampered.json().error.code, 'INVALID_SIGNATURE', 'tampered body');
  const stored = await sql(
    `select count(*)::int as n from registry_events where event_id in (${refused.map(() => '?').join(', ')})`,
    refused,
  );
  t.is(stored[0].n, 0, 'nothing refused is stored');
});

test("the worker's audit entries carry the request id of the delivery and the sender's correlation id", async (t) => {
  const userId = await createUser(`rid-${uuidv7()}@example.test`);
  const body = event('identity.verified', { userId, reference: 'REG-RID' });
  const correlationId = `wh-rid-${uuidv7()}`;
  const res = await postRegistryEvent(stack.app, body, { headers: { 'x-request-id': correlationId } });
  t.is(res.statusCode, 201);
  const requestId = res.headers['x-request-id'];
  t.not(requestId, correlationId);
  await waitFor(async () => (await kycOf(userId)).kyc_status === 'verified', 'kycStatus verified');
  const entries = await sql(
    `select action, actor, request_id, correlation_id from audit_entries where subject_id in (?, ?) order by action`,
    [userId, body.eventId],
  );
  const ids = { actor: 'webhook', request_id: requestId, correlation_id: correlationId };
  t.deepEqual(entries, [
    { action: 'registry_event.process', ...ids },
    { action: 'registry_event.receive', ...ids },
    { action: 'user.kyc_update', ...ids },
  ]);
});

test('running a registry event job twice leaves the state and the audit trail as running it once', async (t) => {
  const userId = await createUser(`twice-${uuidv7()}@example.test`);
  const body = event('identity.revoked', { userId, reference: 'REG-TWICE' });
  t.is((await postRegistryEvent(stack.app, body)).statusCode, 201);
  const jobId = await outboxJobId(body.eventId);
  const queue = stack.workers!.queues.get('webhooks');
  await waitFor(async () => (await queue.getJob(jobId))?.finishedOn, 'first run finished');
  const snapshot = async () => ({
    user: await kycOf(userId),
    event: (
      await sql(`select status, attempts, processed_at from registry_events where event_id = ?`, [body.eventId])
    )[0],
    audit: await sql(`select action from audit_entries where subject_id in (?, ?) order by action`, [
      userId,
      body.eventId,
    ]),
  });
  const once = await snapshot();
  t.is(once.user.kyc_status, 'revoked');
  // The same job again, as BullMQ would after a lost acknowledgement (a new job id: the first is done).
  const { data: payload } = (await queue.getJob(jobId))!;
  const again = await queue.add('registry-events', payload, { jobId: `${jobId}-again` });
  await waitFor(async () => (await queue.getJob(again.id!))?.finishedOn, 'second run finished');
  // (Deliveries of tests running alongside may share the batch: each is skipped the second time too.)
  t.deepEqual((await queue.getJob(again.id!))?.returnvalue, {
    processed: 0,
    failed: 0,
    skipped: payload.events.length,
  });
  t.deepEqual(await snapshot(), once);
});

test('a failing registry event job stays visible in Bull Board with its error, while retrying and after its last attempt', async (t) => {
  const admin = await given.user(stack, { permissions: ['queue:admin'] });
  const body = event('identity.verified', { email: `ghost-${uuidv7()}@example.test` });
  t.is((await postRegistryEvent(stack.app, body)).statusCode, 201);
  // Its intake batch's job completes, keeping the event as failed and queueing it alone to be retried.
  const batchJob = await outboxJobId(body.eventId);
  const queue = stack.workers!.queues.get('webhooks');
  await waitFor(async () => (await queue.getJob(batchJob))?.finishedOn, 'batch job finished');
  t.true((await queue.getJob(batchJob))?.returnvalue.failed >= 1, 'the batch counts the event as failed');
  t.is((await sql(`select status from registry_events where event_id = ?`, [body.eventId]))[0].status, 'failed');
  const jobId = await outboxJobId(body.eventId, 'registry-event');
  const board = async (status: string) => {
    const res = await stack.app.inject({
      method: 'GET',
      url: `/admin/queues/api/queues?activeQueue=webhooks&status=${status}`,
      headers: bearer(admin),
    });
    t.is(res.statusCode, 200);
    const webhooks = (res.json().queues as { name: string; jobs: Record<string, unknown>[] }[]).find(
      (q) => q.name === 'webhooks',
    );
    return webhooks?.jobs ?? [];
  };
  // After its first attempt the job waits out its backoff (BullMQ's delayed set), its error shown.
  const retrying = await waitFor(async () => (await board('delayed')).find((j) => j.id === jobId), 'job retrying');
  t.regex(String(retrying.failedReason), /no user matches/);
  t.true(Number(retrying.attempts) >= 1, 'attempts made so far');
  // After the last attempt it stays in the failed set (the same event with one attempt left).
  const last = await queue.add('registry-event', { eventId: body.eventId }, { jobId: `${jobId}-last`, attempts: 1 });
  const failed = await waitFor(async () => (await board('failed')).find((j) => j.id === last.id), 'job failed');
  t.regex(String(failed.failedReason), /no user matches/);
});

test('npm run webhook:send signs and sends a test event the service accepts', async (t) => {
  const email = `script-${uuidv7()}@example.test`;
  const userId = await createUser(email);
  const base = await stack.app.listen({ port: 0, host: '127.0.0.1' });
  const run = (args: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/send-webhook.ts', ...args], {
        // The old secret: the service accepts either while rotating.
        env: { ...process.env, REGISTRY_WEBHOOK_SECRET: OLD_SECRET },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, out }));
    });
  const sent = await run(['identity.verified', email, base]);
  t.is(sent.code, 0, sent.out);
  t.regex(sent.out, /^201 .*"status":"queued"/);
  await waitFor(async () => (await kycOf(userId)).kyc_status === 'verified', 'kycStatus verified');
  t.regex((await kycOf(userId)).kyc_reference, /^TEST-evt-test-/);
});

test('REGISTRY_WEBHOOK_SECRET refuses a list with a secret under 16 characters', async (t) => {
  const { loadConfig } = await import('../../shared/config/index.js');
  t.notThrows(() => loadConfig({ REGISTRY_WEBHOOK_SECRET: `${NEW_SECRET} ${OLD_SECRET}` }));
  t.throws(() => loadConfig({ REGISTRY_WEBHOOK_SECRET: `${NEW_SECRET}, short` }), {
    message: /REGISTRY_WEBHOOK_SECRET/,
  });
});
