import test, { type ExecutionContext } from 'ava';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData } from '../../helpers/expect.js';
import { waitFor } from '../../helpers/stack.js';
import { postRegistryEvent } from '../../helpers/webhooks.js';

/**
 * The registry's `premium.paid` event records a premium payment as POST .../payments does: on the
 * oldest instalment still owed, never more than is due, once per reference; audited and published.
 * Bad data is refused on delivery with 400 naming the field.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s), { workers: true });

const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });
let n = 0;
async function quarterlyPolicy(t: ExecutionContext) {
  return expectData(
    t,
    await api.as(admin).post('/policies', {
      agentId: admin.id,
      insurerId: 'insurer-registry-pay',
      productCode: 'MOTOR-COMP',
      holder: { name: `Registry Holder ${++n}` },
      sumInsured: kes(100_000_000),
      premium: kes(400_000),
      premiumFrequency: 'quarterly',
      effectiveFrom: '2031-03-01',
      effectiveTo: '2032-02-28',
    }),
    201,
  );
}
const premiumPaid = (policyNumber: string, amountMinor: number, reference: string) => ({
  eventId: `evt-${uuidv7()}`,
  type: 'premium.paid',
  occurredAt: new Date().toISOString(),
  data: { policyNumber, amount: kes(amountMinor), reference, paidAt: '2031-03-02T09:00:00.000Z' },
});
const eventStatus = async (eventId: string) =>
  (
    await stack.orm.em
      .fork()
      .execute(`select status, failure_reason from registry_events where event_id = ?`, [eventId])
  )[0];
const settled = (eventId: string) =>
  waitFor(async () => {
    const row = await eventStatus(eventId);
    return row.status !== 'queued' && row;
  }, `registry event ${eventId} applied`);
const premiumsOf = async (t: ExecutionContext, policyId: string) =>
  expectData(t, await api.as(admin).get(`/policies/${policyId}/premiums`));

test('premium.paid pays the oldest instalment still owed, audited and published as premium.paid', async (t) => {
  const policy = await quarterlyPolicy(t);
  const first = premiumPaid(policy.policyNumber, 100_000, 'BANK-R1');
  t.is((await postRegistryEvent(stack.app, first)).statusCode, 201);
  t.is((await settled(first.eventId)).status, 'processed');
  const second = premiumPaid(policy.policyNumber, 40_000, 'BANK-R2');
  t.is((await postRegistryEvent(stack.app, second)).statusCode, 201);
  t.is((await settled(second.eventId)).status, 'processed');
  const [q1, q2, q3] = await premiumsOf(t, policy.id);
  t.like(q1, { status: 'paid', paidAmount: kes(100_000), paidAt: '2031-03-02T09:00:00.000Z' });
  t.like(q2, { paidAmount: kes(40_000) });
  t.like(q3, { paidAmount: kes(0) });
  const em = stack.orm.em.fork();
  const payments = await em.execute(
    `select reference, method, recorded_by from premium_payments where policy_id = ? order by reference`,
    [policy.id],
  );
  t.deepEqual(
    payments.map((p) => [p.reference, p.method, p.recorded_by]),
    [
      ['BANK-R1', 'registry', 'webhook'],
      ['BANK-R2', 'registry', 'webhook'],
    ],
  );
  const audited = await em.execute(
    `select summary->>'eventId' as event_id from audit_entries where subject_id = ? and action = 'premium.payment'`,
    [policy.id],
  );
  t.deepEqual(audited.map((a) => a.event_id).sort(), [first.eventId, second.eventId].sort());
  const published = await em.execute(
    `select count(*)::int as n from published_events where type = 'premium.paid' and subject_id = ?`,
    [policy.id],
  );
  t.is(published[0].n, 2);
});

test('the same reference in two events is recorded once; the second event is failed with the reason', async (t) => {
  const policy = await quarterlyPolicy(t);
  const [a, b] = [premiumPaid(policy.policyNumber, 10_000, 'DUP-1'), premiumPaid(policy.policyNumber, 10_000, 'DUP-1')];
  const answers = await Promise.all([postRegistryEvent(stack.app, a), postRegistryEvent(stack.app, b)]);
  t.deepEqual(
    answers.map((r) => r.statusCode),
    [201, 201],
  );
  const outcomes = [await settled(a.eventId), await settled(b.eventId)];
  t.deepEqual(outcomes.map((o) => o.status).sort(), ['failed', 'processed']);
  t.regex(outcomes.find((o) => o.status === 'failed')?.failure_reason, /^CONFLICT: .*reference/);
  const [q1] = await premiumsOf(t, policy.id);
  t.deepEqual(q1.paidAmount, kes(10_000));
});

test('more than the oldest owed instalment still needs is failed PAYMENT_EXCEEDS_DUE and pays nothing', async (t) => {
  const policy = await quarterlyPolicy(t);
  const over = premiumPaid(policy.policyNumber, 100_001, 'OVER-1');
  t.is((await postRegistryEvent(stack.app, over)).statusCode, 201);
  const row = await settled(over.eventId);
  t.is(row.status, 'failed');
  t.regex(row.failure_reason, /^PAYMENT_EXCEEDS_DUE/);
  t.true(
    (await premiumsOf(t, policy.id)).every(
      (i: { paidAmount: { amountMinor: number } }) => i.paidAmount.amountMinor === 0,
    ),
  );
});

test('an unknown policy number is failed with the reason', async (t) => {
  const lost = premiumPaid('POL-NOPE-000001', 100, 'LOST-1');
  t.is((await postRegistryEvent(stack.app, lost)).statusCode, 201);
  const row = await settled(lost.eventId);
  t.is(row.status, 'failed');
  t.regex(row.failure_reason, /no policy has the number POL-NOPE-000001/);
});

test('premium.paid data that is not a payment is 400 on delivery, naming the field, and stores nothing', async (t) => {
  const bad = premiumPaid('POL-X', 100, 'BAD-1');
  const noAmount = { ...bad, data: { ...bad.data, amount: { amountMinor: -5, currency: 'KES' } } };
  const res = await postRegistryEvent(stack.app, noAmount);
  t.is(res.statusCode, 400);
  t.is(res.json().error.code, 'VALIDATION_ERROR');
  t.true(res.json().error.details.some((d: { field: string }) => d.field.startsWith('body.data.amount')));
  t.falsy(await eventStatus(bad.eventId));
  const missing = { ...bad, data: { policyNumber: 'POL-X' } };
  const res2 = await postRegistryEvent(stack.app, missing);
  t.is(res2.statusCode, 400);
  t.deepEqual(
    res2
      .json()
      .error.details.map((d: { field: string }) => d.field)
      .sort(),
    ['body.data.amount', 'body.data.paidAt', 'body.data.reference'],
  );
});
