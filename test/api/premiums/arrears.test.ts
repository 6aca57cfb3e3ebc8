import test from 'ava';
import { generateRenewalForTerm } from '../../../shared/domain/renewals/index.js';
import { systemAct } from '../../../shared/kernel/act.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';

/** Arrears hold a policy back: a lapsed one is not reinstated, and none is renewed, until they are paid. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });

test('reinstating a lapsed policy with arrears is 422 ARREARS_OUTSTANDING listing them; paid, it is reinstated', async (t) => {
  const today = new Date();
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 2, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth() - 2, 0)).toISOString().slice(0, 10);
  const policy = expectData(
    t,
    await api.as(admin).post('/policies', {
      agentId: admin.id,
      insurerId: 'insurer-arrears',
      productCode: 'MOTOR-COMP',
      holder: { name: 'Mwangi Kariuki' },
      sumInsured: kes(100_000_000),
      premium: kes(1_200_000),
      premiumFrequency: 'monthly',
      effectiveFrom: from,
      effectiveTo: to,
    }),
    201,
  );
  // Lapsed in the database rather than by waiting out the grace (the sweep has its own tests, lapse.test.ts).
  await sqlOn(stack)(`update policies set status = 'lapsed', lapsed_at = now() where id = ?`, [policy.id]);
  const instalments = expectData(t, await api.as(admin).get(`/policies/${policy.id}/premiums`));
  const overdue = instalments.filter((i: { status: string }) => i.status === 'overdue');
  t.true(overdue.length >= 2);
  const refused = expectError(
    t,
    await api.as(admin).post(`/policies/${policy.id}/reinstate`, { reason: 'paid up' }),
    422,
    'ARREARS_OUTSTANDING',
  );
  t.deepEqual(
    refused.details.instalments.map((i: { instalmentId: string }) => i.instalmentId),
    overdue.map((i: { id: string }) => i.id),
  );
  t.is(refused.details.totalMinor, overdue.length * 100_000);
  for (const [k, instalment] of overdue.entries())
    expectData(
      t,
      await api.as(admin).post(`/policies/${policy.id}/premiums/${instalment.id}/payments`, {
        amount: instalment.amount,
        method: 'bank_transfer',
        reference: `ARREARS-${k}`,
        paidAt: new Date().toISOString(),
      }),
      201,
    );
  const reinstated = expectData(t, await api.as(admin).post(`/policies/${policy.id}/reinstate`, { reason: 'paid up' }));
  t.is(reinstated.status, 'reinstated');
});

test('the renewal generator passes over a policy in arrears, a renewal asked for by hand is 422, and it renews once its arrears are paid', async (t) => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const effectiveTo = day(10);
  const policy = expectData(
    t,
    await api.as(admin).post('/policies', {
      agentId: admin.id,
      insurerId: 'insurer-arrears',
      productCode: 'MOTOR-COMP',
      holder: { name: 'Akinyi Odhiambo' },
      sumInsured: kes(100_000_000),
      premium: kes(400_000),
      premiumFrequency: 'quarterly',
      effectiveFrom: day(-300),
      effectiveTo,
    }),
    201,
  );
  const termFrom = day(11);
  const generate = () => generateRenewalForTerm(stack.app.deps, systemAct(), { policyId: policy.id, termFrom });
  t.is(await generate(), 'not-due');
  const manual = expectError(
    t,
    await api.as(admin).post(`/renewals/policies/${policy.id}/generate`),
    422,
    'ARREARS_OUTSTANDING',
  );
  t.true(manual.details.instalments.length >= 3, 'a renewal asked for by hand is refused too, naming the arrears');
  const overdue = expectData(t, await api.as(admin).get(`/policies/${policy.id}/premiums`)).filter(
    (i: { status: string }) => i.status === 'overdue',
  );
  t.true(overdue.length >= 3);
  for (const [k, instalment] of overdue.entries())
    expectData(
      t,
      await api.as(admin).post(`/policies/${policy.id}/premiums/${instalment.id}/payments`, {
        amount: instalment.amount,
        method: 'bank_transfer',
        reference: `RENEW-${k}`,
        paidAt: new Date().toISOString(),
      }),
      201,
    );
  t.is(await generate(), 'generated');
});

test('GET /policies finds arrears: hasArrears=true|false and premiumDueBefore', async (t) => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const issue = async (effectiveFrom: string, insurerId: string) =>
    expectData(
      t,
      await api.as(admin).post('/policies', {
        agentId: admin.id,
        insurerId,
        productCode: 'MOTOR-COMP',
        holder: { name: 'Chebet Koech' },
        sumInsured: kes(100_000_000),
        premium: kes(400_000),
        premiumFrequency: 'quarterly',
        effectiveFrom,
        effectiveTo: day(300),
      }),
      201,
    );
  const insurerId = `insurer-find-${Date.now()}`;
  const behind = await issue(day(-40), insurerId);
  const upToDate = await issue(day(5), insurerId);
  const ids = async (query: string) =>
    expectData(t, await api.as(admin).get(`/policies?insurerId=${insurerId}&${query}`)).map(
      (p: { id: string }) => p.id,
    );
  t.deepEqual(await ids('hasArrears=true'), [behind.id]);
  t.deepEqual(await ids('hasArrears=false'), [upToDate.id]);
  t.deepEqual((await ids(`premiumDueBefore=${day(6)}`)).sort(), [behind.id, upToDate.id].sort());
  t.deepEqual(await ids(`premiumDueBefore=${day(0)}`), [behind.id]);
  const refused = await api.as(admin).get('/policies?hasArrears=maybe');
  t.is(refused.statusCode, 400);
  t.is(refused.json().error.details[0].field, 'query.hasArrears');
});
