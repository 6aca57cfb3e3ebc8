import test from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { expectData, expectError, expectValidation, missing } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** POST /policies: numbering, the rules a schema cannot say, and who may issue for whom. */
let stack: Stack;
let api: Api;
let admin: SignedIn;
let agent: SignedIn;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  admin = await given.admin(stack);
  agent = await given.user(stack, { permissions: ['policy:issue', 'policy:read'] });
});
test.after.always(async () => {
  await stack?.close();
});

const year = new Date().getUTCFullYear();
const body = (extra: Record<string, unknown> = {}) => ({
  agentId: agent.id,
  insurerId: 'insurer-a',
  productCode: 'MOTOR-COMP',
  holder: { name: 'Wanjiru Kamau', email: 'wanjiru@example.test', phone: '+254 700 000001', nationalId: '12345678' },
  sumInsured: { amountMinor: 150_000_000, currency: 'KES' },
  premium: { amountMinor: 4_500_000, currency: 'KES' },
  effectiveFrom: `${year}-01-01`,
  effectiveTo: `${year}-12-31`,
  ...extra,
});

test('issuing answers 201 with an active policy numbered by the policy pattern, and its timeline starts with issued', async (t) => {
  const res = await api.as(admin).post('/policies', body());
  const policy = expectData(t, res, 201);
  t.is(policy.status, 'active');
  t.regex(policy.policyNumber, new RegExp(`^POL-${year}-\\d{6}$`));
  t.deepEqual(policy.sumInsured, { amountMinor: 150_000_000, currency: 'KES' });
  t.deepEqual(policy.holder, {
    name: 'Wanjiru Kamau',
    email: 'wanjiru@example.test',
    phone: '+254 700 000001',
    nationalId: '12345678',
  });
  t.is(policy.effectiveTo, `${year}-12-31`);
  t.deepEqual(expectData(t, await api.as(admin).get(`/policies/${policy.id}`)), policy);
  const [issued, ...rest] = expectData(t, await api.as(admin).get(`/policies/${policy.id}/timeline`));
  t.is(rest.length, 0);
  t.like(issued, {
    type: 'policy.issued',
    subjectType: 'policy',
    subjectId: policy.id,
    actor: admin.id,
    requestId: res.headers['x-request-id'],
  });
});

test.serial('200 policies issued in parallel get 200 distinct, consecutive numbers', async (t) => {
  // Issues serialise on the number counter; on a loaded machine the last of 200 may wait past the pool's
  // 5 s and be told 503 with Retry-After (nothing changed), which a client retries, as the contract says.
  let retried = 0;
  const issue = async () => {
    for (;;) {
      const res = await api.as(admin).post('/policies', body());
      if (res.statusCode !== 503 || !res.headers['retry-after'] || retried >= 200) return res;
      retried++;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const responses = await Promise.all(Array.from({ length: 200 }, issue));
  if (retried) t.log(`${retried} answers 503 with Retry-After, retried`);
  t.deepEqual(
    responses.filter((r) => r.statusCode !== 201).map((r) => r.body),
    [],
  );
  const sequence = responses.map((r) => Number(r.json().data.policyNumber.split('-').pop())).sort((a, b) => a - b);
  t.is(new Set(sequence).size, 200);
  t.is(sequence[199] - sequence[0], 199, 'no gap');
});

test('premium in another currency than sumInsured, or a term ending before it starts, answers 400 naming the field', async (t) => {
  expectValidation(t, await api.as(admin).post('/policies', body({ premium: { amountMinor: 1, currency: 'USD' } })), [
    'body.premium.currency',
  ]);
  expectValidation(t, await api.as(admin).post('/policies', body({ effectiveTo: `${year}-01-01` })), [
    'body.effectiveTo',
  ]);
  expectValidation(t, await api.as(admin).post('/policies', body({ effectiveFrom: `${year}-02-30` })), [
    'body.effectiveFrom',
  ]);
  expectValidation(
    t,
    await api.as(admin).post('/policies', body({ sumInsured: { amountMinor: 0, currency: 'KES' } })),
    ['body.sumInsured.amountMinor'],
  );
  expectValidation(
    t,
    await api.as(admin).post('/policies', body({ sumInsured: { amountMinor: 1.5, currency: 'KES' } })),
    ['body.sumInsured.amountMinor'],
  );
  expectValidation(t, await api.as(admin).post('/policies', body({ premium: { amountMinor: 0, currency: 'KES' } })), {
    'body.premium.amountMinor': 'exclusiveMinimum',
  });
});

test('an agent issues their own policies: agentId defaults to them, naming another agent answers 403', async (t) => {
  const { agentId: _, ...withoutAgent } = body();
  t.is(expectData(t, await api.as(agent).post('/policies', withoutAgent), 201).agentId, agent.id);
  const other = await given.account(stack);
  expectError(t, await api.as(agent).post('/policies', body({ agentId: other.id })), 403, 'FORBIDDEN');
});

test("an insurer's staff issue for their insurer only: insurerId defaults to it, another answers 403", async (t) => {
  const staff = await given.user(stack, { permissions: ['policy:issue'], insurerId: 'insurer-b' });
  const { insurerId: _, ...withoutInsurer } = body();
  t.is(expectData(t, await api.as(staff).post('/policies', withoutInsurer), 201).insurerId, 'insurer-b');
  expectError(t, await api.as(staff).post('/policies', body({ insurerId: 'insurer-a' })), 403, 'FORBIDDEN');
});

test('an agent that is no user, or a suspended one, answers 422 INVARIANT_VIOLATION and issues nothing', async (t) => {
  const suspended = await given.account(stack, { status: 'suspended' });
  for (const agentId of ['01900000-0000-7000-8000-000000000000', suspended.id]) {
    expectError(t, await api.as(admin).post('/policies', body({ agentId })), 422, 'INVARIANT_VIOLATION');
    const list = expectData(t, await api.as(admin).get(`/policies?agentId=${agentId}`));
    t.deepEqual(list, []);
  }
});

test('issuing needs policy:issue', async (t) => {
  const reader = await given.user(stack, { permissions: ['policy:read'] });
  expectError(t, await api.as(reader).post('/policies', body()), 403, 'FORBIDDEN', missing('policy:issue'));
});
