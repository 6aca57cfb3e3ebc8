import test from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Renewals are scoped like their policy; lists filter, search and page. */
let stack: Stack;
let api: Api;
let admin: SignedIn;
let agentA: SignedIn;
let agentB: SignedIn;
let staffX: SignedIn;
const perms = ['renewal:read', 'renewal:generate', 'renewal:offer', 'renewal:decide', 'renewal:convert'];
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  admin = await given.admin(stack);
  agentA = await given.user(stack, { permissions: perms });
  agentB = await given.user(stack, { permissions: perms });
  staffX = await given.user(stack, { permissions: perms, insurerId: 'insurer-x' });
});
test.after.always(async () => {
  await stack?.close();
});

const generate = async (t: any, policyId: string) =>
  expectData(t, await api.as(admin).post(`/renewals/policies/${policyId}/generate`), 201);

test('a renewal outside the scope is 404 on every endpoint, and lists never show it', async (t) => {
  const mine = await generate(t, (await given.policy(stack, { agentId: agentA.id, insurerId: 'insurer-y' })).id);
  const theirsPolicy = await given.policy(stack, { agentId: agentB.id, insurerId: 'insurer-x' });
  const theirs = await generate(t, theirsPolicy.id);
  t.deepEqual(
    expectData(t, await api.as(agentA).get('/renewals')).map((r: any) => r.id),
    [mine.id],
  );
  t.deepEqual(
    expectData(t, await api.as(staffX).get('/renewals')).map((r: any) => r.id),
    [theirs.id],
  );
  const offer = {
    premium: { amountMinor: 1, currency: 'KES' },
    offerExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  };
  for (const [who, renewal] of [
    [agentA, theirs],
    [staffX, mine],
  ] as const) {
    expectError(t, await api.as(who).get(`/renewals/${renewal.id}`), 404, 'NOT_FOUND');
    expectError(t, await api.as(who).post(`/renewals/${renewal.id}/offer`, offer), 404, 'NOT_FOUND');
    expectError(t, await api.as(who).post(`/renewals/${renewal.id}/accept`), 404, 'NOT_FOUND');
    expectError(t, await api.as(who).post(`/renewals/${renewal.id}/decline`, { reason: 'x' }), 404, 'NOT_FOUND');
    expectError(t, await api.as(who).post(`/renewals/${renewal.id}/convert`), 404, 'NOT_FOUND');
    expectError(t, await api.as(who).post(`/renewals/policies/${renewal.policyId}/generate`), 404, 'NOT_FOUND');
  }
  expectData(t, await api.as(agentA).post(`/renewals/${mine.id}/offer`, offer));
});

test('a list filter naming another agent answers 403', async (t) => {
  expectError(t, await api.as(agentA).get(`/renewals?agentId=${agentB.id}`), 403, 'FORBIDDEN');
  expectData(t, await api.as(agentA).get(`/renewals?agentId=${agentA.id}`));
});

test('filters status and agentId, q over renewal and policy numbers, and keyset pages', async (t) => {
  const agent = await given.account(stack);
  const made = [];
  for (let i = 0; i < 5; i++) made.push(await generate(t, (await given.policy(stack, { agentId: agent.id })).id));
  expectData(t, await api.as(admin).post(`/renewals/${made[0].id}/decline`, { reason: 'no' }));
  const ids = async (query: string) =>
    expectData(t, await api.as(admin).get(`/renewals?agentId=${agent.id}&${query}`))
      .map((r: any) => r.id)
      .sort();
  t.deepEqual(await ids('status=declined'), [made[0].id]);
  t.deepEqual(await ids(`q=${made[1].policyNumber.toLowerCase()}`), [made[1].id]);
  t.deepEqual(await ids(`q=${made[2].renewalNumber}`), [made[2].id]);
  for (const sort of ['-createdAt', 'termFrom', 'renewalNumber']) {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api
        .as(admin)
        .get(`/renewals?agentId=${agent.id}&limit=2&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...expectData(t, res).map((r: any) => r.id));
      cursor = res.json().meta.page.nextCursor;
    } while (cursor);
    t.deepEqual([...seen].sort(), made.map((r) => r.id).sort(), sort);
  }
  expectValidation(t, await api.as(admin).get('/renewals?status=open'), ['query.status']);
});

test('each action needs its permission', async (t) => {
  const reader = await given.user(stack, { permissions: ['renewal:read'] });
  const policy = await given.policy(stack, { agentId: admin.id });
  expectError(t, await api.as(reader).post(`/renewals/policies/${policy.id}/generate`), 403, 'FORBIDDEN', {
    missingPermissions: ['renewal:generate'],
  });
  const renewal = await generate(t, policy.id);
  expectError(
    t,
    await api.as(reader).post(`/renewals/${renewal.id}/offer`, {
      premium: { amountMinor: 1, currency: 'KES' },
      offerExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    }),
    403,
    'FORBIDDEN',
    { missingPermissions: ['renewal:offer'] },
  );
  expectError(t, await api.as(reader).post(`/renewals/${renewal.id}/accept`), 403, 'FORBIDDEN', {
    missingPermissions: ['renewal:decide'],
  });
  expectError(t, await api.as(reader).post(`/renewals/${renewal.id}/decline`, { reason: 'x' }), 403, 'FORBIDDEN', {
    missingPermissions: ['renewal:decide'],
  });
  expectError(t, await api.as(reader).post(`/renewals/${renewal.id}/convert`), 403, 'FORBIDDEN', {
    missingPermissions: ['renewal:convert'],
  });
  const nobody = await given.user(stack, { permissions: ['policy:read'] });
  expectError(t, await api.as(nobody).get('/renewals'), 403, 'FORBIDDEN', { missingPermissions: ['renewal:read'] });
});
