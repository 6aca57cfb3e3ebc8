import test from 'ava';
import pg from 'pg';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { claimIn, fileClaim } from '../../helpers/claims.js';
import type { Api } from '../../helpers/client.js';
import { expectData, expectValidation } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { databaseUrl } from '../../helpers/stack.js';

/**
 * GET /events: the integration events of the caller's scope in the order their changes became
 * visible, each with the resource as GET returned it, read by a cursor that never skips an event.
 */
let { stack, api, admin, colleague } = {} as AdminStack;
// Serial: each test reads the whole feed after its own starting cursor.
withAdminStack(test, (s) => ({ stack, api, admin, colleague } = s));

const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });
const today = () => new Date().toISOString().slice(0, 10);
const inAYear = () => new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
async function issue(as: Api, insurerId: string, agentId: string) {
  const res = await as.post('/policies', {
    agentId,
    insurerId,
    productCode: 'MOTOR-COMP',
    holder: { name: 'Achieng Otieno' },
    sumInsured: kes(100_000_000),
    premium: kes(5_000_000),
    effectiveFrom: today(),
    effectiveTo: inAYear(),
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; insurerId: string };
}

type Event = { id: string; type: string; subject: { type: string; id: string }; data: any };
/** Every event after `after`, page by page with `limit`, and the cursor to go on from. */
async function readAll(as: Api, query = '', after?: string, limit = 2): Promise<{ events: Event[]; cursor?: string }> {
  const events: Event[] = [];
  let cursor = after;
  for (;;) {
    const res = await as.get(`/events?limit=${limit}${cursor ? `&after=${cursor}` : ''}${query}`);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const body = res.json();
    events.push(...body.data);
    cursor = body.meta.page.nextCursor ?? undefined;
    if (!body.meta.page.hasMore) return { events, cursor };
  }
}

/**
 * The events after `after` once there are `count` of them. The feed holds back what follows the oldest
 * transaction still running anywhere in the PostgreSQL cluster (other test files' included): a reader
 * that is not caught up yet reads again, as a poller does.
 */
async function readUntil(as: Api, count: number, query = '', after?: string, limit = 2) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const read = await readAll(as, query, after, limit);
    if (read.events.length >= count || Date.now() > deadline) return read;
    await new Promise((r) => setTimeout(r, 50));
  }
}

test.serial(
  'a change publishes its event with the resource as GET returns it, in order, each once across pages',
  async (t) => {
    const { cursor: start } = await readAll(api.as(admin));
    const policy = await issue(api.as(admin), 'insurer-feed', admin.id);
    const claim = await claimIn(api.as(admin), policy.id, 'settled', { filer: api.as(colleague) });
    const { events, cursor } = await readUntil(api.as(admin), 3, '', start, 1);
    t.deepEqual(
      events.map((e) => e.type),
      ['policy.issued', 'claim.filed', 'claim.settled'],
    );
    t.deepEqual(events[0].subject, { type: 'policy', id: policy.id });
    t.deepEqual(events[0].data, expectData(t, await api.as(admin).get(`/policies/${policy.id}`)));
    const { payments, notes, documents, history, counts, ...claimNow } = expectData(
      t,
      await api.as(admin).get(`/claims/${claim.id}`),
    );
    t.like(events[2].data, { ...claimNow, updatedAt: events[2].data.updatedAt });
    t.is(events[2].data.status, 'settled');
    t.is(new Set(events.map((e) => e.id)).size, 3);
    // Caught up: an empty page keeps the cursor where it was.
    const again = expectData(t, await api.as(admin).get(`/events?after=${cursor}`));
    t.deepEqual(again, []);
    const res = await api.as(admin).get(`/events?after=${cursor}`);
    t.is(res.json().meta.page.nextCursor, cursor);
  },
);

test.serial('a reader sees only the events of its data scope, and only the types it asks for', async (t) => {
  const { cursor: start } = await readAll(api.as(admin));
  const insurerReader = await given.user(stack, { permissions: ['event:read'], insurerId: 'insurer-mine' });
  const agentReader = await given.user(stack, { permissions: ['event:read'] });
  const mine = await issue(api.as(admin), 'insurer-mine', agentReader.id);
  const theirs = await issue(api.as(admin), 'insurer-theirs', admin.id);
  await fileClaim(api.as(admin), mine.id);
  const seenByInsurer = (await readUntil(api.as(insurerReader), 2, '', start)).events;
  t.deepEqual(
    seenByInsurer.map((e) => e.subject.id).filter((id) => id === theirs.id),
    [],
  );
  t.deepEqual(
    seenByInsurer.map((e) => e.type),
    ['policy.issued', 'claim.filed'],
  );
  const seenByAgent = (await readUntil(api.as(agentReader), 2, '', start)).events;
  t.deepEqual(
    seenByAgent.map((e) => e.type),
    ['policy.issued', 'claim.filed'],
  );
  const onlyClaims = (await readUntil(api.as(insurerReader), 1, '&types=claim.filed,claim.settled', start)).events;
  t.deepEqual(
    onlyClaims.map((e) => e.type),
    ['claim.filed'],
  );
  expectValidation(t, await api.as(admin).get('/events?types=claim.filed,claim.exploded'), { 'query.types': 'enum' });
  expectValidation(t, await api.as(admin).get('/events?after=bm90LWEtY3Vyc29y'), { 'query.after': 'cursor' });
  // Digits past what PostgreSQL's xid8 and bigint hold: 400, not the 500 of a failed cast.
  const cursor = (text: string) => Buffer.from(text).toString('base64url');
  for (const text of ['1.9999999999999999999', '18446744073709551616.1'])
    expectValidation(t, await api.as(admin).get(`/events?after=${cursor(text)}`), { 'query.after': 'cursor' }, text);
  expectData(t, await api.as(admin).get(`/events?after=${cursor('18446744073709551615.9223372036854775807')}`));
});

test.serial(
  'an event whose transaction commits later never lands before a cursor a reader already holds',
  async (t) => {
    const { cursor: start } = await readAll(api.as(admin));
    // A transaction that publishes and stays open while a later change commits and is read.
    const slow = new pg.Client({ connectionString: databaseUrl(stack.database) });
    await slow.connect();
    try {
      await slow.query('begin');
      await slow.query(
        `insert into published_events (id, type, subject_type, subject_id, agent_id, insurer_id, actor, data)
       values (gen_random_uuid(), 'policy.cancelled', 'policy', 'slow', null, null, 'test', '{}')`,
      );
      const later = await issue(api.as(admin), 'insurer-order', admin.id);
      const whileOpen = await readAll(api.as(admin), '', start);
      t.deepEqual(whileOpen.events, [], 'the later change waits for the open transaction');
      await slow.query('commit');
      const after = await readUntil(api.as(admin), 2, '', whileOpen.cursor);
      t.deepEqual(
        after.events.map((e) => e.subject.id),
        ['slow', later.id],
      );
    } finally {
      await slow.end();
    }
  },
);
