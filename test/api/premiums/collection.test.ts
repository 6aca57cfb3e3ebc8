import test, { type ExecutionContext } from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/**
 * Collecting premiums: a payment on an instalment, never more than is still due (also when payments
 * race), once per reference on the policy, audited and published as premium.paid.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });
let n = 0;
async function quarterlyPolicy(t: ExecutionContext) {
  const policy = expectData(
    t,
    await api.as(admin).post('/policies', {
      agentId: admin.id,
      insurerId: 'insurer-collect',
      productCode: 'MOTOR-COMP',
      holder: { name: `Holder ${++n}` },
      sumInsured: kes(100_000_000),
      premium: kes(400_000),
      premiumFrequency: 'quarterly',
      effectiveFrom: '2031-03-01',
      effectiveTo: '2032-02-28',
    }),
    201,
  );
  const [first] = expectData(t, await api.as(admin).get(`/policies/${policy.id}/premiums`));
  return { policy, first };
}
const pay = (policyId: string, instalmentId: string, amountMinor: number, reference: string) =>
  api.as(admin).post(`/policies/${policyId}/premiums/${instalmentId}/payments`, {
    amount: kes(amountMinor),
    method: 'mobile_money',
    reference,
    paidAt: '2031-03-02T10:00:00.000Z',
  });

test('a payment is recorded on its instalment; paid in full, the instalment reads paid', async (t) => {
  const { policy, first } = await quarterlyPolicy(t);
  const part = expectData(t, await pay(policy.id, first.id, 40_000, 'MPESA-A1'), 201);
  t.like(part, { policyId: policy.id, instalmentId: first.id, amount: kes(40_000), recordedBy: admin.id });
  expectData(t, await pay(policy.id, first.id, 60_000, 'MPESA-A2'), 201);
  const [now] = expectData(t, await api.as(admin).get(`/policies/${policy.id}/premiums`));
  t.like(now, { status: 'paid', paidAmount: kes(100_000), paidAt: '2031-03-02T10:00:00.000Z' });
  const [entry] = await stack.orm.em
    .fork()
    .execute(`select actor, summary from audit_entries where subject_id = ? and action = 'premium.payment' limit 1`, [
      policy.id,
    ]);
  t.is(entry.actor, admin.id);
});

test('more than is still due is 422 PAYMENT_EXCEEDS_DUE, with what remains', async (t) => {
  const { policy, first } = await quarterlyPolicy(t);
  expectData(t, await pay(policy.id, first.id, 70_000, 'REF-B1'), 201);
  const refused = expectError(t, await pay(policy.id, first.id, 30_001, 'REF-B2'), 422, 'PAYMENT_EXCEEDS_DUE');
  t.like(refused.details, { remainingMinor: 30_000 });
});

test('payments racing on one instalment never pay more than is due', async (t) => {
  const { policy, first } = await quarterlyPolicy(t);
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => pay(policy.id, first.id, 30_000, `RACE-${i}`)));
  const accepted = answers.filter((r) => r.statusCode === 201).length;
  t.is(accepted, 3, '3 x 30,000 fit in 100,000; a fourth would not');
  t.true(answers.every((r) => r.statusCode === 201 || r.json().error.code === 'PAYMENT_EXCEEDS_DUE'));
  const [now] = expectData(t, await api.as(admin).get(`/policies/${policy.id}/premiums`));
  t.deepEqual(now.paidAmount, kes(90_000));
});

test('a reference already recorded on the policy is 409, and nothing is paid twice', async (t) => {
  const { policy, first } = await quarterlyPolicy(t);
  const answers = await Promise.all([1, 2, 3].map(() => pay(policy.id, first.id, 10_000, 'BANK-77')));
  t.is(answers.filter((r) => r.statusCode === 201).length, 1);
  for (const r of answers.filter((a) => a.statusCode !== 201)) expectError(t, r, 409, 'CONFLICT');
  const [now] = expectData(t, await api.as(admin).get(`/policies/${policy.id}/premiums`));
  t.deepEqual(now.paidAmount, kes(10_000));
});

test('collecting needs premium:collect, and a policy in the caller’s scope', async (t) => {
  const { policy, first } = await quarterlyPolicy(t);
  const reader = await given.user(stack, { permissions: ['policy:read'], insurerId: 'insurer-collect' });
  expectError(
    t,
    await api.as(reader).post(`/policies/${policy.id}/premiums/${first.id}/payments`, {
      amount: kes(1),
      method: 'cash',
      reference: 'X',
      paidAt: '2031-03-02T10:00:00.000Z',
    }),
    403,
    'FORBIDDEN',
  );
  const elsewhere = await given.user(stack, { permissions: ['premium:collect'], insurerId: 'insurer-other' });
  expectError(
    t,
    await api.as(elsewhere).post(`/policies/${policy.id}/premiums/${first.id}/payments`, {
      amount: kes(1),
      method: 'cash',
      reference: 'Y',
      paidAt: '2031-03-02T10:00:00.000Z',
    }),
    404,
    'NOT_FOUND',
  );
});
