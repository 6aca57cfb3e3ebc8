import test from 'ava';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { type Stack, startStack, waitFor } from '../helpers/stack.js';
import { OUTBOX_ROW_OF_EVENT, postRegistryEvent } from '../helpers/webhooks.js';

let stack: Stack;
test.before(async () => {
  stack = await startStack({ workers: true });
});
test.after.always(async () => {
  await stack?.close();
});

/** Names every plain object has through its prototype, none of them a type the service acts upon. */
const INHERITED = [
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

const sql = (query: string, params: unknown[] = []) => stack.orm.em.fork().execute(query, params);

async function createUser(): Promise<{ id: string; email: string }> {
  const id = uuidv7();
  const email = `inherited-${id}@example.test`;
  await sql(`insert into users (id, email, name, status) values (?, ?, 'Kyc Person', 'active')`, [id, email]);
  return { id, email };
}

for (const type of INHERITED)
  test(`a delivery of type ${type} is stored and acknowledged as ignored, and queues nothing`, async (t) => {
    const user = await createUser();
    const eventId = `evt-${uuidv7()}`;
    const body = { eventId, type, occurredAt: new Date().toISOString(), data: { email: user.email } };
    const res = await postRegistryEvent(stack.app, body);
    t.is(res.statusCode, 200, res.body);
    t.deepEqual(res.json().data, { eventId, status: 'ignored' });
    const [row] = await sql(`select type, status from registry_events where event_id = ?`, [eventId]);
    t.deepEqual({ ...row }, { type, status: 'ignored' });
    const [outbox] = await sql(`select count(*)::int as n from outbox where ${OUTBOX_ROW_OF_EVENT}`, [
      eventId,
      eventId,
    ]);
    t.is(outbox.n, 0);
    const [kyc] = await sql(`select kyc_status from users where id = ?`, [user.id]);
    t.is(kyc.kyc_status, 'unverified');
  });

test('the worker applies only the types it acts upon: a queued event of an inherited name is kept as failed, its user unchanged', async (t) => {
  // As a row stored before types were matched as own keys would be: queued, and named in a batch job.
  const user = await createUser();
  const types = ['constructor', '__proto__', 'toString'];
  const eventIds = types.map(() => `evt-${uuidv7()}`);
  for (const [i, type] of types.entries())
    await sql(
      `insert into registry_events (event_id, type, occurred_at, payload, status, attempts, received_at)
       values (?, ?, now(), ?::jsonb, 'queued', 0, now())`,
      [eventIds[i], type, JSON.stringify({ eventId: eventIds[i], type, data: { email: user.email } })],
    );
  const queue = stack.workers!.queues.get('webhooks');
  await queue.add('registry-events', { events: eventIds.map((eventId) => ({ eventId })) }, { attempts: 1 });
  const rows = await waitFor(async () => {
    const r = await sql(
      `select event_id, status, failure_reason from registry_events where event_id in (?, ?, ?)`,
      eventIds,
    );
    return r.every((e) => e.status === 'failed') && r;
  }, 'three events failed');
  for (const row of rows) t.regex(row.failure_reason, /is not acted upon/);
  const [kyc] = await sql(`select kyc_status from users where id = ?`, [user.id]);
  t.is(kyc.kyc_status, 'unverified');
});
