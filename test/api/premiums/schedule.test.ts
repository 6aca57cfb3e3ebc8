import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/** A policy is issued with its premium schedule; GET /policies/{id}/premiums shows it within the policy's scope. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });
const issue = (extra: Record<string, unknown>) =>
  api.as(admin).post('/policies', {
    agentId: admin.id,
    insurerId: 'insurer-premiums',
    productCode: 'MOTOR-COMP',
    holder: { name: 'Otieno Ouma' },
    sumInsured: kes(100_000_000),
    premium: kes(1_200_001),
    effectiveFrom: '2031-01-15',
    effectiveTo: '2032-01-14',
    ...extra,
  });

test('a quarterly policy has four instalments summing to its premium; annual is the default', async (t) => {
  const quarterly = expectData(t, await issue({ premiumFrequency: 'quarterly' }), 201);
  t.is(quarterly.premiumFrequency, 'quarterly');
  const instalments = expectData(t, await api.as(admin).get(`/policies/${quarterly.id}/premiums`));
  t.deepEqual(
    instalments.map((i: any) => [i.seq, i.dueOn, i.amount.amountMinor, i.paidAmount.amountMinor, i.status]),
    [
      [1, '2031-01-15', 300_001, 0, 'due'],
      [2, '2031-04-15', 300_000, 0, 'due'],
      [3, '2031-07-15', 300_000, 0, 'due'],
      [4, '2031-10-15', 300_000, 0, 'due'],
    ],
  );
  const annual = expectData(t, await issue({}), 201);
  t.is(annual.premiumFrequency, 'annual');
  t.is(expectData(t, await api.as(admin).get(`/policies/${annual.id}/premiums`)).length, 1);
});

test('an instalment still due after its day reads as overdue', async (t) => {
  const year = new Date().getUTCFullYear();
  const started = expectData(
    t,
    await issue({ premiumFrequency: 'monthly', effectiveFrom: `${year - 1}-01-01`, effectiveTo: `${year + 1}-12-31` }),
    201,
  );
  const instalments = expectData(t, await api.as(admin).get(`/policies/${started.id}/premiums`));
  t.is(instalments[0].status, 'overdue');
  t.is(instalments.at(-1).status, 'due');
});

test('premiums are seen by whoever sees the policy; a frequency outside the list is 400', async (t) => {
  const policy = expectData(t, await issue({ premiumFrequency: 'monthly' }), 201);
  const outsider = await given.user(stack, { permissions: ['policy:read'], insurerId: 'insurer-elsewhere' });
  expectError(t, await api.as(outsider).get(`/policies/${policy.id}/premiums`), 404, 'NOT_FOUND');
  expectValidation(t, await issue({ premiumFrequency: 'weekly' }), { 'body.premiumFrequency': 'enum' });
});
