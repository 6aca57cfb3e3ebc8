import test from 'ava';
import { claimIn, fileClaim } from '../../helpers/claims.js';
import { type Api, client } from '../../helpers/client.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Filing a claim, its list and its scope: a claim belongs to its policy's agent and insurer. */
let stack: Stack;
let api: Api;
let admin: SignedIn;
let agentA: SignedIn;
let agentB: SignedIn;
let staffX: SignedIn;
const perms = [
  'claim:read',
  'claim:file',
  'claim:review',
  'claim:withdraw',
  'claim:note',
  'claim:settle',
  'claim:pay',
  'claim:close',
];
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

const today = () => new Date().toISOString().slice(0, 10);

test('filing answers 201 with a filed claim numbered by the claim pattern, in its history and on the policy timeline', async (t) => {
  const agent = await given.user(stack, { permissions: perms });
  const policy = await given.policy(stack, { agentId: agent.id });
  const res = await api.as(agent).post('/claims', {
    policyId: policy.id,
    incidentDate: today(),
    description: 'Windscreen cracked',
    claimedAmount: { amountMinor: 45_000, currency: 'KES' },
  });
  const claim = expectData(t, res, 201);
  const requestId = res.headers['x-request-id'];
  t.like(claim, {
    status: 'filed',
    policyId: policy.id,
    agentId: agent.id,
    insurerId: policy.insurerId,
    paidAmount: { amountMinor: 0, currency: 'KES' },
  });
  t.regex(claim.claimNumber, /^CLM-\d{4}-\d{6}$/);
  t.deepEqual(
    claim.history.map((h: any) => [h.type, h.actor, h.requestId]),
    [['claim.filed', agent.id, requestId]],
  );
  t.deepEqual([claim.payments, claim.notes, claim.documents], [[], [], []]);
  const timeline = expectData(t, await api.as(admin).get(`/policies/${policy.id}/timeline`));
  t.like(timeline.at(-1), { type: 'claim.filed', subjectType: 'claim', subjectId: claim.id, requestId });
});

test('a policy that is not active or reinstated answers 422 POLICY_NOT_ACTIVE; an incident outside its period 422 INCIDENT_OUTSIDE_COVER', async (t) => {
  for (const status of ['cancelled', 'lapsed', 'expired', 'renewed'] as const) {
    const policy = await given.policy(stack, { agentId: admin.id, status });
    const res = await api.as(admin).post('/claims', {
      policyId: policy.id,
      incidentDate: today(),
      description: 'x',
      claimedAmount: { amountMinor: 1, currency: 'KES' },
    });
    expectError(t, res, 422, 'POLICY_NOT_ACTIVE', { policyStatus: status }, status);
  }
  const reinstated = await given.policy(stack, { agentId: admin.id, status: 'reinstated' });
  await fileClaim(api.as(admin), reinstated.id);
  const policy = await given.policy(stack, {
    agentId: admin.id,
    effectiveFrom: '2026-01-01',
    effectiveTo: '2026-12-31',
  });
  for (const incidentDate of ['2025-12-31', '2027-01-01'])
    expectError(
      t,
      await api.as(admin).post('/claims', {
        policyId: policy.id,
        incidentDate,
        description: 'x',
        claimedAmount: { amountMinor: 1, currency: 'KES' },
      }),
      422,
      'INCIDENT_OUTSIDE_COVER',
    );
  expectError(
    t,
    await api.as(admin).post('/claims', {
      policyId: policy.id,
      incidentDate: '2026-06-01',
      description: 'x',
      claimedAmount: { amountMinor: 1, currency: 'USD' },
    }),
    422,
    'INVARIANT_VIOLATION',
  );
  expectValidation(
    t,
    await api.as(admin).post('/claims', {
      policyId: policy.id,
      incidentDate: '2026-06-01',
      description: 'x',
      claimedAmount: { amountMinor: 0, currency: 'KES' },
    }),
    ['body.claimedAmount.amountMinor'],
  );
  expectValidation(
    t,
    await api.as(admin).post('/claims', {
      policyId: policy.id,
      incidentDate: '2026-06-01',
      description: 'x',
      claimedAmount: { amountMinor: 5, currency: 'KES' },
      catastropheEventId: 'NO-SUCH-EVENT',
    }),
    ['body.catastropheEventId'],
  );
});

test("agents see and act only on claims of their own policies, insurer staff on their insurer's; others are 404", async (t) => {
  const mine = await fileClaim(
    api.as(agentA),
    (await given.policy(stack, { agentId: agentA.id, insurerId: 'insurer-y' })).id,
  );
  const theirsPolicy = await given.policy(stack, { agentId: agentB.id, insurerId: 'insurer-x' });
  const theirs = await fileClaim(api.as(agentB), theirsPolicy.id);
  t.deepEqual(
    expectData(t, await api.as(agentA).get('/claims')).map((c: any) => c.id),
    [mine.id],
  );
  t.deepEqual(
    expectData(t, await api.as(staffX).get('/claims')).map((c: any) => c.id),
    [theirs.id],
  );
  t.is(expectData(t, await api.as(admin).get(`/claims?policyId=${theirsPolicy.id}`)).length, 1);
  for (const [who, claim] of [
    [agentA, theirs],
    [staffX, mine],
  ] as const) {
    expectError(t, await api.as(who).get(`/claims/${claim.id}`), 404, 'NOT_FOUND');
    for (const [path, body] of [
      ['review', undefined],
      ['withdraw', { reason: 'x' }],
      ['notes', { body: 'x' }],
      [
        'payments',
        {
          amount: { amountMinor: 1, currency: 'KES' },
          method: 'cheque',
          reference: 'r',
          paidAt: new Date().toISOString(),
        },
      ],
    ] as const)
      expectError(t, await api.as(who).post(`/claims/${claim.id}/${path}`, body), 404, 'NOT_FOUND', undefined, path);
  }
  // Filing on a policy outside the scope is 404 too.
  expectError(
    t,
    await api.as(agentA).post('/claims', {
      policyId: theirsPolicy.id,
      incidentDate: today(),
      description: 'x',
      claimedAmount: { amountMinor: 1, currency: 'KES' },
    }),
    404,
    'NOT_FOUND',
  );
  expectError(t, await api.as(agentA).get(`/claims?agentId=${agentB.id}`), 403, 'FORBIDDEN');
});

test('the list filters by status, policy, agent and catastrophe event, searches number and description, and pages', async (t) => {
  const agent = await given.account(stack);
  const policy = await given.policy(stack, { agentId: agent.id });
  expectData(
    t,
    await api.as(admin).post('/catastrophe-events/FLOOD-LIST-1', {
      name: `Flood ${policy.id}`,
      peril: 'flood',
      region: 'Nairobi',
      startsOn: '2026-04-01',
    }),
    201,
  );
  const flood = await fileClaim(api.as(admin), policy.id, {
    catastropheEventId: 'FLOOD-LIST-1',
    description: 'Basement flooded',
  });
  const withdrawn = await claimIn(api.as(admin), policy.id, 'withdrawn', { filer: api.as(admin) });
  const other = await fileClaim(api.as(admin), policy.id, { description: 'Stolen bicycle' });
  const ids = async (query: string) =>
    expectData(t, await api.as(admin).get(`/claims?agentId=${agent.id}&${query}`))
      .map((c: any) => c.id)
      .sort();
  t.deepEqual(await ids('status=withdrawn'), [withdrawn.id]);
  t.deepEqual(await ids('catastropheEventId=FLOOD-LIST-1'), [flood.id]);
  t.deepEqual(await ids('q=BICYCLE'), [other.id]);
  t.deepEqual(await ids(`q=${flood.claimNumber.toLowerCase()}`), [flood.id]);
  t.deepEqual(await ids(`policyId=${policy.id}`), [flood.id, withdrawn.id, other.id].sort());
  const first = await api.as(admin).get(`/claims?agentId=${agent.id}&limit=2&sort=claimNumber`);
  const second = await api
    .as(admin)
    .get(`/claims?agentId=${agent.id}&limit=2&sort=claimNumber&cursor=${first.json().meta.page.nextCursor}`);
  t.deepEqual(
    [...expectData(t, first), ...expectData(t, second)].map((c: any) => c.claimNumber),
    [flood, withdrawn, other].map((c) => c.claimNumber).sort(),
  );
  expectValidation(t, await api.as(admin).get('/claims?status=open'), ['query.status']);
});
