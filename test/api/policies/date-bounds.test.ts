import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import type { Response } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { dayFromToday, quote, requestQuote } from '../../helpers/quotations.js';
import { postRegistryEvent } from '../../helpers/webhooks.js';

/** Every date a request carries lies between 1900-01-01 and 2999-12-31; a policy term lasts at most 50 years. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));
// Four eyes: who creates an endorsement does not approve it.
let approver: Promise<SignedIn> | undefined;
async function asApprover() {
  approver ??= given.admin(stack);
  return api.as(await approver);
}

const ANY_ID = '01900000-0000-7000-8000-000000000000';
const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });
const issueBody = (extra: Record<string, unknown> = {}) => ({
  agentId: admin.id,
  insurerId: 'insurer-a',
  productCode: 'MOTOR-COMP',
  holder: { name: 'Achieng Otieno' },
  sumInsured: kes(100_000_000),
  premium: kes(5_000_000),
  effectiveFrom: '2026-01-01',
  effectiveTo: '2026-12-31',
  ...extra,
});
const endorse = (policyId: string, changes: Record<string, unknown>, effectiveDate = '2026-06-01') =>
  api.as(admin).post(`/policies/${policyId}/endorsements`, {
    type: 'term',
    description: 'Extend the term',
    effectiveDate,
    changes,
  });
const q = (value: string) => encodeURIComponent(value);

/**
 * Each input that takes a date or a date-time, with a request that is valid but for that input. The
 * records named need not exist: a bad date is refused before anything is looked up.
 */
const INPUTS: { field: string; dateTime?: true; send: (value: string) => Promise<Response> }[] = [
  { field: 'body.effectiveFrom', send: (v) => api.as(admin).post('/policies', issueBody({ effectiveFrom: v })) },
  { field: 'body.effectiveTo', send: (v) => api.as(admin).post('/policies', issueBody({ effectiveTo: v })) },
  { field: 'query.effectiveToBefore', send: (v) => api.as(admin).get(`/policies?effectiveToBefore=${q(v)}`) },
  { field: 'body.effectiveDate', send: (v) => endorse(ANY_ID, { effectiveTo: '2027-12-31' }, v) },
  { field: 'body.changes.effectiveTo', send: (v) => endorse(ANY_ID, { effectiveTo: v }) },
  {
    field: 'body.effectiveDate',
    send: (v) => api.as(admin).post(`/policies/${ANY_ID}/cancel`, { reason: 'sold the car', effectiveDate: v }),
  },
  {
    field: 'body.incidentDate',
    send: (v) =>
      api.as(admin).post('/claims', { policyId: ANY_ID, incidentDate: v, description: 'Hail', claimedAmount: kes(1) }),
  },
  {
    field: 'body.paidAt',
    dateTime: true,
    send: (v) =>
      api.as(admin).post(`/claims/${ANY_ID}/payments`, {
        amount: kes(1),
        method: 'bank_transfer',
        reference: 'PAY-1',
        paidAt: v,
      }),
  },
  {
    field: 'body.startsOn',
    send: (v) =>
      api
        .as(admin)
        .post('/catastrophe-events/EV-DATES', { name: 'Floods', peril: 'flood', region: 'Coast', startsOn: v }),
  },
  {
    field: 'body.endsOn',
    send: (v) =>
      api.as(admin).post('/catastrophe-events/EV-DATES', {
        name: 'Floods',
        peril: 'flood',
        region: 'Coast',
        startsOn: '2026-04-01',
        endsOn: v,
      }),
  },
  {
    field: 'body.validUntil',
    send: (v) => api.as(admin).post(`/quotations/${ANY_ID}/respond`, { premium: kes(1), validUntil: v, terms: 'T' }),
  },
  {
    field: 'body.effectiveFrom',
    send: (v) => api.as(admin).post(`/quotations/${ANY_ID}/accept`, { effectiveFrom: v }),
  },
  {
    field: 'body.offerExpiresAt',
    dateTime: true,
    send: (v) => api.as(admin).post(`/renewals/${ANY_ID}/offer`, { premium: kes(1), offerExpiresAt: v }),
  },
  { field: 'query.from', dateTime: true, send: (v) => api.as(admin).get(`/audit?from=${q(v)}`) },
  { field: 'query.to', dateTime: true, send: (v) => api.as(admin).get(`/audit?to=${q(v)}`) },
  {
    field: 'body.occurredAt',
    dateTime: true,
    send: (v) =>
      postRegistryEvent(stack.app, {
        eventId: `evt-${Math.random()}`,
        type: 'identity.verified',
        occurredAt: v,
        data: {},
      }),
  },
];

const OUTSIDE_DAYS = ['1899-12-31', '3000-01-01'];
// Instants outside the range, the last two only once their offset is applied.
const OUTSIDE_INSTANTS = [
  '1899-12-31T23:59:59.999Z',
  '3000-01-01T00:00:00.000Z',
  '2999-12-31T23:00:00-02:00',
  '1900-01-01T00:30:00+01:00',
];

test('1899-12-31 and 3000-01-01 answer 400 on every date and date-time a request carries', async (t) => {
  for (const input of INPUTS)
    for (const value of input.dateTime ? OUTSIDE_INSTANTS : OUTSIDE_DAYS)
      expectValidation(t, await input.send(value), { [input.field]: 'format' }, `${input.field} = ${value}`);
});

test('the first and last days of the range are taken', async (t) => {
  expectData(t, await api.as(admin).get('/policies?effectiveToBefore=1900-01-01'));
  expectData(
    t,
    await api.as(admin).get(`/audit?to=${q('2999-12-31T23:59:59.999Z')}&from=${q('1900-01-01T00:00:00Z')}`),
  );
  const policy = expectData(
    t,
    await api.as(admin).post('/policies', issueBody({ effectiveFrom: '1900-01-01', effectiveTo: '1949-12-31' })),
    201,
  );
  t.is(policy.effectiveFrom, '1900-01-01');
  const last = expectData(
    t,
    await api.as(admin).post('/policies', issueBody({ effectiveFrom: '2999-01-01', effectiveTo: '2999-12-31' })),
    201,
  );
  t.is(last.effectiveTo, '2999-12-31');
});

test('a term of 50 years is issued; a day longer answers 400 on body.effectiveTo', async (t) => {
  expectData(t, await api.as(admin).post('/policies', issueBody({ effectiveTo: '2076-01-01' })), 201);
  expectValidation(t, await api.as(admin).post('/policies', issueBody({ effectiveTo: '2076-01-02' })), {
    'body.effectiveTo': 'maxTerm',
  });
  expectValidation(t, await api.as(admin).post('/policies', issueBody({ effectiveTo: '2077-01-01' })), {
    'body.effectiveTo': 'maxTerm',
  });
  // From 29 February, fifty years on is 28 February.
  const leap = { effectiveFrom: '2024-02-29' };
  expectData(t, await api.as(admin).post('/policies', issueBody({ ...leap, effectiveTo: '2074-02-28' })), 201);
  expectValidation(t, await api.as(admin).post('/policies', issueBody({ ...leap, effectiveTo: '2074-03-01' })), {
    'body.effectiveTo': 'maxTerm',
  });
});

test('an endorsement taking the term past 50 years answers 400 on body.changes.effectiveTo; to 50 years it is approved', async (t) => {
  const policy = await given.policy(stack, {
    agentId: admin.id,
    effectiveFrom: '2026-01-01',
    effectiveTo: '2026-12-31',
  });
  expectValidation(t, await endorse(policy.id, { effectiveTo: '2077-01-01' }), {
    'body.changes.effectiveTo': 'maxTerm',
  });
  const endorsement = expectData(t, await endorse(policy.id, { effectiveTo: '2076-01-01' }), 201);
  const approved = expectData(
    t,
    await (await asApprover()).post(`/policies/${policy.id}/endorsements/${endorsement.id}/approve`),
  );
  t.is(approved.policy.effectiveTo, '2076-01-01');
});

test('an endorsement stored with a term past 50 years is not approved: 422 INVARIANT_VIOLATION', async (t) => {
  const policy = await given.policy(stack, {
    agentId: admin.id,
    effectiveFrom: '2026-01-01',
    effectiveTo: '2026-12-31',
  });
  const endorsement = expectData(t, await endorse(policy.id, { effectiveTo: '2030-12-31' }), 201);
  // As an endorsement created before the rule would be.
  await sqlOn(stack)(`update endorsements set changes = '{"effectiveTo": "2090-12-31"}' where id = ?`, [
    endorsement.id,
  ]);
  expectError(
    t,
    await (await asApprover()).post(`/policies/${policy.id}/endorsements/${endorsement.id}/approve`),
    422,
    'INVARIANT_VIOLATION',
    { field: 'body.changes.effectiveTo' },
  );
  t.is(expectData(t, await api.as(admin).get(`/policies/${policy.id}`)).effectiveTo, '2026-12-31');
});

test('accepting a quotation whose one-year term would end after 2999-12-31 answers 422 INVARIANT_VIOLATION naming effectiveTo, and issues nothing', async (t) => {
  const quotation = await requestQuote(t, api.as(admin), { agentId: admin.id, insurerId: 'insurer-a' });
  await quote(t, api.as(admin), quotation.id, { validUntil: dayFromToday(7) });
  const res = await api.as(admin).post(`/quotations/${quotation.id}/accept`, { effectiveFrom: '2999-06-01' });
  expectError(t, res, 422, 'INVARIANT_VIOLATION', {
    date: 'effectiveTo',
    value: '3000-05-31',
    earliest: '1900-01-01',
    latest: '2999-12-31',
  });
  const after = expectData(t, await api.as(admin).get(`/quotations/${quotation.id}`));
  t.is(after.status, 'quoted');
  t.is(after.policyId, null);
});
