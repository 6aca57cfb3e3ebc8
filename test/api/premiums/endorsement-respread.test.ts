import test, { type ExecutionContext } from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { auditOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';

/**
 * Endorsements and cancellation over the premium schedule: an approved change of the premium is spread
 * over the instalments still owed (never below what is paid; 422 and nothing written when it would be),
 * and a cancelled policy shows its unearned premium, the paid premium for the days after the
 * cancellation date, until it is reinstated.
 */
let { stack, api, admin, colleague } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin, colleague } = s));

const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });
let n = 0;
async function issue(t: ExecutionContext, premiumMinor: number, premiumFrequency: string) {
  return expectData(
    t,
    await api.as(admin).post('/policies', {
      agentId: admin.id,
      insurerId: 'insurer-respread',
      productCode: 'MOTOR-COMP',
      holder: { name: `Holder ${++n}` },
      sumInsured: kes(100_000_000),
      premium: kes(premiumMinor),
      premiumFrequency,
      effectiveFrom: '2031-01-01',
      effectiveTo: '2031-12-31',
    }),
    201,
  );
}
const instalments = async (t: ExecutionContext, policyId: string) =>
  expectData(t, await api.as(admin).get(`/policies/${policyId}/premiums`));
/** seq, amount, paid and status of each instalment. */
const rows = async (t: ExecutionContext, policyId: string) =>
  (await instalments(t, policyId)).map((i: any) => [i.seq, i.amount.amountMinor, i.paidAmount.amountMinor, i.status]);
async function pay(t: ExecutionContext, policyId: string, seq: number, amountMinor: number) {
  const instalment = (await instalments(t, policyId)).find((i: any) => i.seq === seq);
  expectData(
    t,
    await api.as(admin).post(`/policies/${policyId}/premiums/${instalment.id}/payments`, {
      amount: kes(amountMinor),
      method: 'bank_transfer',
      reference: `PAY-${policyId}-${seq}-${amountMinor}`,
      paidAt: '2031-01-02T09:00:00.000Z',
    }),
    201,
  );
}
/** A premium endorsement created by `admin`; approve it as `colleague` (four eyes). */
async function endorsePremium(
  t: ExecutionContext,
  policyId: string,
  premiumMinor: number,
  effectiveDate = '2031-05-01',
) {
  const created = expectData(
    t,
    await api.as(admin).post(`/policies/${policyId}/endorsements`, {
      type: 'premium',
      description: 'Premium changed',
      effectiveDate,
      changes: { premium: kes(premiumMinor) },
    }),
    201,
  );
  return () => api.as(colleague).post(`/policies/${policyId}/endorsements/${created.id}/approve`);
}
const total = (xs: any[][]) => xs.reduce((sum, x) => sum + x[1], 0);

test('a raise is spread over the unpaid instalments, the remainder on the first; the paid one is unchanged', async (t) => {
  const policy = await issue(t, 400_000, 'quarterly');
  await pay(t, policy.id, 1, 100_000);
  const approve = await endorsePremium(t, policy.id, 500_003);
  const approved = expectData(t, await approve());
  t.deepEqual(approved.policy.premium, kes(500_003));
  const now = await rows(t, policy.id);
  t.deepEqual(now, [
    [1, 100_000, 100_000, 'paid'],
    [2, 133_335, 0, 'due'],
    [3, 133_334, 0, 'due'],
    [4, 133_334, 0, 'due'],
  ]);
  t.is(total(now), 500_003);
  const [entry] = await auditOn(stack)(approved.endorsement.id, 'endorsement.approve');
  t.is(entry.summary.instalmentsChanged, 3);
});

test('a raise on a policy paid in full is a new instalment due on the endorsement’s date', async (t) => {
  const policy = await issue(t, 365_000, 'annual');
  await pay(t, policy.id, 1, 365_000);
  const approve = await endorsePremium(t, policy.id, 400_000, '2031-06-15');
  expectData(t, await approve());
  const now = await instalments(t, policy.id);
  t.deepEqual(
    now.map((i: any) => [i.seq, i.dueOn, i.amount.amountMinor, i.status]),
    [
      [1, '2031-01-01', 365_000, 'paid'],
      [2, '2031-06-15', 35_000, 'due'],
    ],
  );
});

test('a decrease of more than is still owed is 422 with the lowest premium possible, and nothing changes', async (t) => {
  const policy = await issue(t, 400_000, 'quarterly');
  await pay(t, policy.id, 1, 100_000);
  const before = await rows(t, policy.id);
  const approve = await endorsePremium(t, policy.id, 99_999);
  // The service names `changes.premium`; the answer says where it was sent, the endorsement's body.
  expectError(t, await approve(), 422, 'INVARIANT_VIOLATION', {
    field: 'body.changes.premium',
    lowestPremium: kes(100_000),
  });
  t.deepEqual(await rows(t, policy.id), before);
  t.deepEqual(expectData(t, await api.as(admin).get(`/policies/${policy.id}`)).premium, kes(400_000));
  const [endorsement] = expectData(t, await api.as(admin).get(`/policies/${policy.id}/endorsements`));
  t.is(endorsement.status, 'pending');
  // Down to exactly what is paid is allowed.
  expectData(t, await (await endorsePremium(t, policy.id, 100_000))());
  t.is(total(await rows(t, policy.id)), 100_000);
});

test('a decrease is taken evenly off the owed instalments, none below what is paid on it', async (t) => {
  const policy = await issue(t, 400_000, 'quarterly');
  await pay(t, policy.id, 1, 100_000);
  await pay(t, policy.id, 2, 30_000);
  // 240,000 off: the second can give 70,000 only, the other two give 85,000 each.
  expectData(t, await (await endorsePremium(t, policy.id, 160_000))());
  t.deepEqual(await rows(t, policy.id), [
    [1, 100_000, 100_000, 'paid'],
    [2, 30_000, 30_000, 'paid'],
    [3, 15_000, 0, 'due'],
    [4, 15_000, 0, 'due'],
  ]);
  t.truthy((await instalments(t, policy.id))[1].paidAt, 'brought down to what was paid: paid now');
  // Down to what is paid: the two with nothing paid are waived at 0.
  expectData(t, await (await endorsePremium(t, policy.id, 130_000))());
  t.deepEqual(await rows(t, policy.id), [
    [1, 100_000, 100_000, 'paid'],
    [2, 30_000, 30_000, 'paid'],
    [3, 0, 0, 'waived'],
    [4, 0, 0, 'waived'],
  ]);
});

/** Whole days from `from` to `to`. */
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

test('a cancelled policy shows its unearned premium, pro rata by days; an active one null; reinstating clears it', async (t) => {
  const paid = await issue(t, 1_000_003, 'annual');
  t.is(paid.unearnedPremium, null);
  await pay(t, paid.id, 1, 1_000_003);
  const cancelled = expectData(
    t,
    await api.as(admin).post(`/policies/${paid.id}/cancel`, { reason: 'sold the car', effectiveDate: '2031-07-01' }),
  );
  // The instalment covers 1 January 2031 up to 1 January 2032; the days from 2 July on are unearned.
  const unearned = Math.floor((1_000_003 * days('2031-07-02', '2032-01-01')) / days('2031-01-01', '2032-01-01'));
  t.deepEqual(cancelled.unearnedPremium, kes(unearned));
  t.true(Math.abs(unearned - 1_000_003 / 2) < 1_000_003 / 100, 'about half');
  t.deepEqual(expectData(t, await api.as(admin).get(`/policies/${paid.id}`)).unearnedPremium, kes(unearned));
  const reinstated = expectData(
    t,
    await api.as(admin).post(`/policies/${paid.id}/reinstate`, { reason: 'changed mind' }),
  );
  t.is(reinstated.unearnedPremium, null);

  const unpaid = await issue(t, 1_000_003, 'annual');
  const nothing = expectData(
    t,
    await api.as(admin).post(`/policies/${unpaid.id}/cancel`, { reason: 'never paid', effectiveDate: '2031-07-01' }),
  );
  t.deepEqual(nothing.unearnedPremium, kes(0));
});

test('payments racing an approved decrease and a cancellation: no deadlock, and the schedule still adds up', async (t) => {
  const policy = await issue(t, 400_000, 'quarterly');
  const owed = (await instalments(t, policy.id)).slice(1);
  const approve = await endorsePremium(t, policy.id, 250_000);
  const payments = owed.flatMap((i: any) =>
    [1, 2].map((k) =>
      api.as(admin).post(`/policies/${policy.id}/premiums/${i.id}/payments`, {
        amount: kes(40_000),
        method: 'cash',
        reference: `RACE-${i.seq}-${k}`,
        paidAt: '2031-01-02T09:00:00.000Z',
      }),
    ),
  );
  const cancel = api.as(admin).post(`/policies/${policy.id}/cancel`, { reason: 'race', effectiveDate: '2031-07-01' });
  const answers = await Promise.all([approve(), cancel, ...payments]);
  t.true(
    answers.every((r) => r.statusCode < 500),
    answers.map((r) => r.statusCode).join(' '),
  );
  const after = await rows(t, policy.id);
  const now = expectData(t, await api.as(admin).get(`/policies/${policy.id}`));
  t.is(total(after), now.premium.amountMinor);
  t.true(after.every(([, amount, paid]: number[]) => amount >= paid));
});
