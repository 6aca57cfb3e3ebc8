import test from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Reading policies: filters, sort, keyset pages, and the data scope on every endpoint. */
let stack: Stack;
let api: Api;
let admin: SignedIn;
let agentA: SignedIn;
let agentB: SignedIn;
let staffX: SignedIn;
const read = ['policy:read', 'policy:cancel', 'policy:reinstate', 'policy:endorse', 'policy:endorsement:approve'];
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  admin = await given.admin(stack);
  agentA = await given.user(stack, { permissions: read });
  agentB = await given.user(stack, { permissions: read });
  staffX = await given.user(stack, { permissions: read, insurerId: 'insurer-x' });
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);

test("an agent sees only their own policies, an insurer their insurer's; others are 404 on every endpoint", async (t) => {
  const mine = await given.policy(stack, { agentId: agentA.id, insurerId: 'insurer-y' });
  const theirs = await given.policy(stack, { agentId: agentB.id, insurerId: 'insurer-x' });
  t.deepEqual(
    expectData(t, await api.as(agentA).get('/policies')).map((p: any) => p.id),
    [mine.id],
  );
  t.deepEqual(
    expectData(t, await api.as(staffX).get('/policies')).map((p: any) => p.id),
    [theirs.id],
  );
  expectData(t, await api.as(agentA).get(`/policies/${mine.id}`));
  for (const [who, policy] of [
    [agentA, theirs],
    [staffX, mine],
  ] as const) {
    const id = policy.id;
    expectError(t, await api.as(who).get(`/policies/${id}`), 404, 'NOT_FOUND');
    expectError(t, await api.as(who).get(`/policies/${id}/timeline`), 404, 'NOT_FOUND');
    expectError(t, await api.as(who).get(`/policies/${id}/endorsements`), 404, 'NOT_FOUND');
    expectError(t, await api.as(who).post(`/policies/${id}/cancel`, { reason: 'x' }), 404, 'NOT_FOUND');
    expectError(t, await api.as(who).post(`/policies/${id}/reinstate`, { reason: 'x' }), 404, 'NOT_FOUND');
    expectError(
      t,
      await api.as(who).post(`/policies/${id}/endorsements`, {
        type: 'other',
        description: 'x',
        effectiveDate: new Date().toISOString().slice(0, 10),
        changes: { premium: { amountMinor: 1, currency: 'KES' } },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      t,
      await api.as(who).post(`/policies/${id}/endorsements/01900000-0000-7000-8000-000000000000/approve`),
      404,
      'NOT_FOUND',
    );
  }
  const [{ status }] = await sql('select status from policies where id = ?', [theirs.id]);
  t.is(status, 'active');
});

test('a list filter naming another agent or insurer answers 403; an insurer may name any agent', async (t) => {
  expectError(t, await api.as(agentA).get(`/policies?agentId=${agentB.id}`), 403, 'FORBIDDEN');
  expectError(t, await api.as(agentA).get('/policies?insurerId=insurer-x'), 403, 'FORBIDDEN');
  expectError(t, await api.as(staffX).get('/policies?insurerId=insurer-y'), 403, 'FORBIDDEN');
  expectData(t, await api.as(staffX).get(`/policies?agentId=${agentA.id}`));
  expectData(t, await api.as(agentA).get(`/policies?agentId=${agentA.id}`));
});

test('filters: status, agentId, insurerId, effectiveToBefore (on or before), q over number and holder name', async (t) => {
  const agent = await given.account(stack);
  const a = await given.policy(stack, {
    agentId: agent.id,
    insurerId: 'ins-f1',
    effectiveTo: '2027-03-31',
    holderName: 'Achieng Otieno',
  });
  const b = await given.policy(stack, {
    agentId: agent.id,
    insurerId: 'ins-f2',
    effectiveTo: '2027-04-01',
    status: 'cancelled',
  });
  const ids = async (query: string) =>
    expectData(t, await api.as(admin).get(`/policies?agentId=${agent.id}&${query}`))
      .map((p: any) => p.id)
      .sort();
  t.deepEqual(await ids('status=cancelled'), [b.id]);
  t.deepEqual(await ids('insurerId=ins-f1'), [a.id]);
  t.deepEqual(await ids('effectiveToBefore=2027-03-31'), [a.id]);
  t.deepEqual(await ids('effectiveToBefore=2027-04-01'), [a.id, b.id].sort());
  t.deepEqual(await ids('q=ACHIENG'), [a.id]);
  t.deepEqual(await ids(`q=${b.policyNumber.slice(-6).toLowerCase()}`), [b.id]);
  t.deepEqual(await ids('q=100%25'), []);
  expectValidation(t, await api.as(admin).get('/policies?status=gone'), ['query.status']);
  expectValidation(t, await api.as(admin).get('/policies?effectiveToBefore=tomorrow'), ['query.effectiveToBefore']);
  expectValidation(t, await api.as(admin).get('/policies?sort=premium'), ['query.sort.0']);
});

test('keyset pages visit every policy once in the sorted order, for each sort field', async (t) => {
  const agent = await given.account(stack);
  const made = [];
  for (let i = 0; i < 7; i++)
    made.push(
      await given.policy(stack, {
        agentId: agent.id,
        effectiveTo: `2030-0${1 + (i % 3)}-15`,
        holderName: `Holder ${i % 2}`,
      }),
    );
  for (const sort of [
    '-createdAt',
    'effectiveTo',
    '-effectiveTo,holderName',
    'policyNumber',
    'holderName,-effectiveFrom',
  ]) {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api
        .as(admin)
        .get(`/policies?agentId=${agent.id}&limit=3&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...expectData(t, res).map((p: any) => p.id));
      cursor = res.json().meta.page.nextCursor;
    } while (cursor);
    const all = expectData(t, await api.as(admin).get(`/policies?agentId=${agent.id}&limit=100&sort=${sort}`)).map(
      (p: any) => p.id,
    );
    t.deepEqual(seen, all, sort);
    t.is(new Set(seen).size, made.length, sort);
  }
});

test('reading needs policy:read', async (t) => {
  const nobody = await given.user(stack, { permissions: ['user:read'] });
  expectError(t, await api.as(nobody).get('/policies'), 403, 'FORBIDDEN', { missingPermissions: ['policy:read'] });
});

test('q is answered from the trigram index', async (t) => {
  // The table is tiny here, so sequential scans are turned off to see which index the expression can use.
  const [{ 'QUERY PLAN': plan }] = await stack.orm.em.fork().transactional(async (em) => {
    await em.execute('set local enable_seqscan = off');
    return em.execute(
      `explain (format json) select id from policies where (lower(policy_number) || ' ' || lower(holder_name)) like '%otieno%'`,
    );
  });
  t.regex(JSON.stringify(plan), /policies_search_trgm_idx/);
});
