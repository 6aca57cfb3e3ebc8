import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation, like } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/** A renewal from generation to conversion, every refusal on the way, and what the policy timeline shows. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const policyOf = (opts: Partial<Parameters<typeof given.policy>[1]> = {}) =>
  given.policy(stack, { agentId: admin.id, effectiveFrom: '2026-01-01', effectiveTo: '2026-12-31', ...opts });
const generate = async (t: any, policyId: string) =>
  expectData(t, await api.as(admin).post(`/renewals/policies/${policyId}/generate`), 201);
const offer = (id: string, body: Record<string, unknown> = {}) =>
  api.as(admin).post(`/renewals/${id}/offer`, {
    premium: { amountMinor: 5_500_000, currency: 'KES' },
    offerExpiresAt: inDays(14),
    ...body,
  });

test('generate answers 201 with a pending renewal for the next term of the same length, at the current premium', async (t) => {
  const policy = await policyOf({ effectiveFrom: '2026-03-01', effectiveTo: '2027-02-28' });
  const renewal = await generate(t, policy.id);
  t.like(renewal, {
    status: 'pending',
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    agentId: admin.id,
    termFrom: '2027-03-01',
    termTo: '2028-02-29',
    proposedPremium: { amountMinor: 5_000_000, currency: 'KES' },
    offeredPremium: null,
  });
  t.regex(renewal.renewalNumber, /^REN-/);
  t.deepEqual(expectData(t, await api.as(admin).get(`/renewals/${renewal.id}`)), renewal);
});

test('a second open renewal of a policy answers 409 CONFLICT; after a decline a new one can be generated', async (t) => {
  const policy = await policyOf();
  const first = await generate(t, policy.id);
  expectError(t, await api.as(admin).post(`/renewals/policies/${policy.id}/generate`), 409, 'CONFLICT');
  expectData(t, await offer(first.id));
  expectError(t, await api.as(admin).post(`/renewals/policies/${policy.id}/generate`), 409, 'CONFLICT');
  expectData(t, await api.as(admin).post(`/renewals/${first.id}/decline`, { reason: 'too dear' }));
  await generate(t, policy.id);
});

test('generating for a policy that cannot be renewed answers 422 INVALID_TRANSITION', async (t) => {
  for (const status of ['cancelled', 'lapsed', 'renewed'] as const) {
    const policy = await policyOf({ status });
    expectError(t, await api.as(admin).post(`/renewals/policies/${policy.id}/generate`), 422, 'INVALID_TRANSITION', {
      from: status,
      action: 'generateRenewal',
      allowedFrom: ['active', 'reinstated', 'expired'],
    });
  }
  expectError(
    t,
    await api.as(admin).post('/renewals/policies/01900000-0000-7000-8000-000000000000/generate'),
    404,
    'NOT_FOUND',
  );
});

test('offer, accept and convert: a new active policy for the term at the offered premium, the old one renewed, both linked', async (t) => {
  const policy = await policyOf();
  const renewal = await generate(t, policy.id);
  const offered = expectData(t, await offer(renewal.id));
  t.like(offered, { status: 'offered', offeredPremium: { amountMinor: 5_500_000, currency: 'KES' } });
  t.truthy(offered.offerExpiresAt);
  t.is(expectData(t, await api.as(admin).post(`/renewals/${renewal.id}/accept`)).status, 'accepted');
  const converted = expectData(t, await api.as(admin).post(`/renewals/${renewal.id}/convert`));
  t.like(converted.renewal, { status: 'converted', newPolicyId: converted.policy.id });
  t.like(converted.policy, {
    status: 'active',
    effectiveFrom: '2027-01-01',
    effectiveTo: '2027-12-31',
    renewedFromPolicyId: policy.id,
    premium: { amountMinor: 5_500_000, currency: 'KES' },
  });
  t.not(converted.policy.policyNumber, policy.policyNumber);
  const old = expectData(t, await api.as(admin).get(`/policies/${policy.id}`));
  t.like(old, { status: 'renewed', renewedToPolicyId: converted.policy.id });

  const timeline = expectData(t, await api.as(admin).get(`/policies/${policy.id}/timeline`));
  t.deepEqual(
    timeline.map((e: any) => e.type),
    ['renewal.generated', 'renewal.offered', 'renewal.accepted', 'renewal.converted', 'policy.renewed'],
  );
  const next = expectData(t, await api.as(admin).get(`/policies/${converted.policy.id}/timeline`));
  t.like(next[0], { type: 'policy.issued', data: { renewedFromPolicyId: policy.id, renewalId: renewal.id } });
});

test('a renewal is declined from pending, offered and accepted, with its reason, audited, and issues nothing', async (t) => {
  for (const stage of ['pending', 'offered', 'accepted'] as const) {
    const policy = await policyOf();
    const renewal = await generate(t, policy.id);
    if (stage !== 'pending') expectData(t, await offer(renewal.id));
    if (stage === 'accepted') expectData(t, await api.as(admin).post(`/renewals/${renewal.id}/accept`));
    const res = await api.as(admin).post(`/renewals/${renewal.id}/decline`, { reason: `declined when ${stage}` });
    const declined = expectData(t, res);
    t.like(declined, { status: 'declined', declineReason: `declined when ${stage}`, newPolicyId: null }, stage);
    t.deepEqual(
      await sql(`select actor, summary->>'from' as "from" from audit_entries where request_id = ?`, [
        res.headers['x-request-id'],
      ]),
      [{ actor: admin.id, from: stage }],
      stage,
    );
    t.is((await sql(`select status from policies where id = ?`, [policy.id]))[0].status, 'active', stage);
  }
});

test('an offered renewal converts without accept; an expired policy can be renewed too', async (t) => {
  const policy = await policyOf({ status: 'expired' });
  const renewal = await generate(t, policy.id);
  expectData(t, await offer(renewal.id));
  t.is(expectData(t, await api.as(admin).post(`/renewals/${renewal.id}/convert`)).renewal.status, 'converted');
  t.is(expectData(t, await api.as(admin).get(`/policies/${policy.id}`)).status, 'renewed');
});

test('every move the renewal table does not allow answers 422 INVALID_TRANSITION with from, action and allowedFrom', async (t) => {
  const policy = await policyOf();
  const pending = await generate(t, policy.id);
  expectError(t, await api.as(admin).post(`/renewals/${pending.id}/accept`), 422, 'INVALID_TRANSITION', {
    from: 'pending',
    action: 'accept',
    allowedFrom: ['offered'],
  });
  expectError(t, await api.as(admin).post(`/renewals/${pending.id}/convert`), 422, 'INVALID_TRANSITION', {
    from: 'pending',
    action: 'convert',
    allowedFrom: ['offered', 'accepted'],
  });
  expectData(t, await offer(pending.id));
  expectError(t, await offer(pending.id), 422, 'INVALID_TRANSITION', like({ from: 'offered', action: 'offer' }));
  expectData(t, await api.as(admin).post(`/renewals/${pending.id}/decline`, { reason: 'no' }));
  for (const action of ['accept', 'convert'])
    expectError(
      t,
      await api.as(admin).post(`/renewals/${pending.id}/${action}`),
      422,
      'INVALID_TRANSITION',
      like({ from: 'declined' }),
    );
  expectError(
    t,
    await api.as(admin).post(`/renewals/${pending.id}/decline`, { reason: 'again' }),
    422,
    'INVALID_TRANSITION',
    {
      from: 'declined',
      action: 'decline',
      allowedFrom: ['pending', 'offered', 'accepted'],
    },
  );
});

test('an offer in another currency answers 422, an expiry in the past 400; an expired offer cannot be accepted or converted', async (t) => {
  const policy = await policyOf();
  const renewal = await generate(t, policy.id);
  expectError(t, await offer(renewal.id, { premium: { amountMinor: 1, currency: 'USD' } }), 422, 'INVARIANT_VIOLATION');
  expectValidation(t, await offer(renewal.id, { offerExpiresAt: inDays(-1) }), ['body.offerExpiresAt']);
  expectData(t, await offer(renewal.id));
  await sql(`update renewals set offer_expires_at = now() - interval '1 minute' where id = ?`, [renewal.id]);
  expectError(t, await api.as(admin).post(`/renewals/${renewal.id}/accept`), 422, 'OFFER_EXPIRED');
  expectError(t, await api.as(admin).post(`/renewals/${renewal.id}/convert`), 422, 'OFFER_EXPIRED');
  t.is(expectData(t, await api.as(admin).get(`/policies/${policy.id}`)).status, 'active');
});

test('converting a renewal of a policy cancelled since answers 422 and issues nothing', async (t) => {
  const policy = await policyOf();
  const renewal = await generate(t, policy.id);
  expectData(t, await offer(renewal.id));
  await sql(`update policies set status = 'cancelled', cancelled_at = now() where id = ?`, [policy.id]);
  expectError(
    t,
    await api.as(admin).post(`/renewals/${renewal.id}/convert`),
    422,
    'INVALID_TRANSITION',
    like({ from: 'cancelled', action: 'renew' }),
  );
  const [{ n }] = await sql(`select count(*)::int as n from policies where renewed_from_policy_id = ?`, [policy.id]);
  t.is(n, 0);
  t.is(expectData(t, await api.as(admin).get(`/renewals/${renewal.id}`)).status, 'offered');
});
