import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { claimIn } from '../../helpers/claims.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation, like } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/** Payments of settled claims: never above the settled amount, capped and KYC-gated by operational policies. */
let { stack, api, admin, colleague: filer } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin, colleague: filer } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const payment = (amountMinor: number, currency = 'KES') => ({
  amount: { amountMinor, currency },
  method: 'mobile_money',
  reference: `MPESA-${amountMinor}`,
  paidAt: new Date().toISOString(),
});
const settledClaim = async (agentId = admin.id) =>
  claimIn(api.as(admin), (await given.policy(stack, { agentId })).id, 'settled', { filer: api.as(filer) }); // settled at 300,000

test('a payment of a settled claim answers 201 with the payment; the claim shows it and the paid amount', async (t) => {
  const claim = await settledClaim();
  const paid = expectData(t, await api.as(admin).post(`/claims/${claim.id}/payments`, payment(120_000)), 201);
  t.like(paid, {
    amount: { amountMinor: 120_000, currency: 'KES' },
    method: 'mobile_money',
    reference: 'MPESA-120000',
    recordedBy: admin.id,
  });
  t.is(paid.status, undefined, 'the payment, not the claim');
  const after = expectData(t, await api.as(admin).get(`/claims/${claim.id}`));
  t.deepEqual(after.paidAmount, { amountMinor: 120_000, currency: 'KES' });
  t.deepEqual(after.payments, [paid]);
  t.is(after.history.at(-1).type, 'claim.payment_recorded');
});

test('payments only on settled claims (422 INVALID_TRANSITION), in the claim currency, never above the settlement', async (t) => {
  for (const status of ['filed', 'under_review', 'repudiated', 'withdrawn'] as const) {
    const policy = await given.policy(stack, { agentId: admin.id });
    const claim = await claimIn(api.as(admin), policy.id, status, { filer: api.as(filer) });
    expectError(
      t,
      await api.as(admin).post(`/claims/${claim.id}/payments`, payment(1)),
      422,
      'INVALID_TRANSITION',
      like({ from: status, action: 'pay' }),
    );
  }
  const claim = await settledClaim();
  expectError(
    t,
    await api.as(admin).post(`/claims/${claim.id}/payments`, payment(1, 'USD')),
    422,
    'INVARIANT_VIOLATION',
  );
  expectValidation(t, await api.as(admin).post(`/claims/${claim.id}/payments`, payment(0)), [
    'body.amount.amountMinor',
  ]);
  expectData(t, await api.as(admin).post(`/claims/${claim.id}/payments`, payment(250_000)), 201);
  expectError(
    t,
    await api.as(admin).post(`/claims/${claim.id}/payments`, payment(50_001)),
    422,
    'PAYMENT_EXCEEDS_SETTLEMENT',
    like({ remainingMinor: 50_000 }),
  );
  expectData(t, await api.as(admin).post(`/claims/${claim.id}/payments`, payment(50_000)), 201);
});

test('twenty payments at once never add up to more than the settled amount', async (t) => {
  const claim = await settledClaim();
  // 20 x 40,000 asked, 300,000 settled: exactly 7 fit.
  const responses = await Promise.all(
    Array.from({ length: 20 }, () => api.as(admin).post(`/claims/${claim.id}/payments`, payment(40_000))),
  );
  const codes = responses.map((r) => r.statusCode);
  t.is(codes.filter((c) => c === 201).length, 7);
  t.true(
    responses
      .filter((r) => r.statusCode !== 201)
      .every((r) => r.statusCode === 422 && r.json().error.code === 'PAYMENT_EXCEEDS_SETTLEMENT'),
  );
  const [row] = await sql(
    `select paid_amount_minor::int as paid, (select sum(amount_minor)::int from claim_payments where claim_id = ?) as sum from claims where id = ?`,
    [claim.id, claim.id],
  );
  t.deepEqual(row, { paid: 280_000, sum: 280_000 });
});

test.serial(
  'payments.maxSinglePaymentMinor caps one payment (422 PAYMENT_LIMIT_EXCEEDED), read when the payment is made',
  async (t) => {
    const claim = await settledClaim();
    const cap = expectData(
      t,
      await api.as(admin).post('/operational-policies', {
        category: 'payments',
        key: 'maxSinglePaymentMinor',
        name: 'Cap',
        value: 100_000,
      }),
      201,
    );
    try {
      expectError(
        t,
        await api.as(admin).post(`/claims/${claim.id}/payments`, payment(100_001)),
        422,
        'PAYMENT_LIMIT_EXCEEDED',
        { maxSinglePaymentMinor: 100_000 },
      );
      expectData(t, await api.as(admin).post(`/claims/${claim.id}/payments`, payment(100_000)), 201);
      expectData(t, await api.as(admin).patch(`/operational-policies/${cap.id}`, { value: 500_000 }));
      expectData(t, await api.as(admin).post(`/claims/${claim.id}/payments`, payment(150_000)), 201);
    } finally {
      await api.as(admin).patch(`/operational-policies/${cap.id}`, { active: false });
    }
  },
);

test.serial("kyc.requireVerifiedForPayout needs the policy agent's KYC verified (422 KYC_NOT_VERIFIED)", async (t) => {
  const agent = await given.account(stack);
  const claim = await settledClaim(agent.id);
  const rule = expectData(
    t,
    await api
      .as(admin)
      .post('/operational-policies', { category: 'kyc', key: 'requireVerifiedForPayout', name: 'KYC', value: true }),
    201,
  );
  try {
    expectError(t, await api.as(admin).post(`/claims/${claim.id}/payments`, payment(1_000)), 422, 'KYC_NOT_VERIFIED', {
      kycStatus: 'unverified',
    });
    await sql(`update users set kyc_status = 'verified' where id = ?`, [agent.id]);
    expectData(t, await api.as(admin).post(`/claims/${claim.id}/payments`, payment(1_000)), 201);
  } finally {
    await api.as(admin).patch(`/operational-policies/${rule.id}`, { active: false });
  }
});

test('payments need claim:pay', async (t) => {
  const claim = await settledClaim();
  const reader = await given.user(stack, { permissions: ['claim:read'] });
  expectError(t, await api.as(reader).post(`/claims/${claim.id}/payments`, payment(1)), 403, 'FORBIDDEN', {
    missingPermissions: ['claim:pay'],
  });
});
