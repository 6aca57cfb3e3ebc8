import test from 'ava';
import fc from 'fast-check';
import { type AdminStack, withAdminStack } from '../helpers/admin-stack.js';
import type { Api, Response } from '../helpers/client.js';
import { given } from '../helpers/given.js';

/**
 * Generated dates and amounts, in range, at its edges and beyond, thrown at issue, endorse (create and
 * approve), renew (generate, offer, convert), settle and pay through HTTP: every answer is a 2xx or a
 * 4xx in the error envelope with a code documented for that operation, never a 500; and what a 2xx
 * accepted keeps the rules (dates in 1900..2999, terms of at most 50 years, settlements above zero).
 * The admin files and endorses, a second admin settles, pays and approves (four eyes).
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

// Fixed, so a failure reproduces; fast-check's report names it with the counterexample.
const SEED = 20_261_125;
// About 13 requests a run: the file stays well under 30 s on a busy 2-core machine.
const RUNS = 50;

const MAX = Number.MAX_SAFE_INTEGER;
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const TODAY = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const daysFrom = (day: string, days: number) => {
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(ms) ? day : dayOf(ms + days * DAY_MS);
};

const dayBetween = (from: number, to: number) =>
  fc.integer({ min: from / DAY_MS, max: to / DAY_MS }).map((d) => dayOf(d * DAY_MS));
const EDGE_DAYS = ['1899-12-31', '1900-01-01', '2999-12-30', '2999-12-31', '3000-01-01', '2024-02-29', '2026-02-30'];
/** A calendar day: mostly around today, anywhere in 1900..2999, near its end, at the edges, or not a day at all. */
const aDay = fc.oneof(
  { weight: 4, arbitrary: dayBetween(TODAY - 3 * 365 * DAY_MS, TODAY + 3 * 365 * DAY_MS) },
  { weight: 3, arbitrary: dayBetween(Date.UTC(1900, 0, 1), Date.UTC(2999, 11, 31)) },
  // Late enough that the next term (a renewal's) may leave the range.
  { weight: 1, arbitrary: dayBetween(Date.UTC(2998, 0, 1), Date.UTC(2999, 11, 31)) },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_DAYS) },
);
/** Days from a term's first day to its last: a year, about 50 years (either side of the limit), anything. */
const aTermLength = fc.oneof(
  fc.integer({ min: 1, max: 400 }),
  fc.integer({ min: 18_255, max: 18_270 }),
  fc.integer({ min: -2, max: 20_000 }),
);
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
/** An instant: soon, far off, at the edges of 1900..2999 (some only once their offset is applied). */
const anInstant = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 60_000, max: 5 * 365 * DAY_MS }).map(fromNow) },
  { weight: 1, arbitrary: fc.integer({ min: -5 * 365 * DAY_MS, max: 0 }).map(fromNow) },
  fc.constantFrom(
    '2999-12-31T23:59:59.999Z',
    '3000-01-01T00:00:00.000Z',
    '2999-12-31T23:00:00-02:00',
    '1899-12-31T23:59:59.999Z',
    '1900-01-01T00:30:00+01:00',
  ),
);
/** An amount in minor units: small, anywhere up to 2^53-1, at int4/int8/2^53 edges, or beyond what the schema takes. */
const anAmount = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 1_000_000_000 }) },
  { weight: 3, arbitrary: fc.maxSafeNat() },
  { weight: 2, arbitrary: fc.constantFrom(0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, MAX - 1, MAX) },
  { weight: 1, arbitrary: fc.constantFrom(-1, MAX + 1, 2 ** 63, 1.5) },
);

const SCENARIO = fc.record({
  effectiveFrom: aDay,
  termDays: aTermLength,
  // Mostly the first day plus termDays (null); sometimes any day, before or after the first.
  effectiveTo: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: aDay }),
  // Sometimes a term ending late in 2999 (its first day termDays before): its renewal leaves the range.
  endsLate: fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.oneof(dayBetween(Date.UTC(2999, 0, 1), Date.UTC(2999, 11, 31)), fc.constant('2999-12-31')),
    },
  ),
  sumInsured: anAmount,
  premium: anAmount,
  endorsement: fc.record({
    // Mostly the policy's first day (null), so that most endorsements get as far as their approval.
    effectiveDate: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: aDay }),
    termDays: fc.option(aTermLength),
    sumInsured: fc.option(anAmount),
  }),
  offer: fc.record({ premium: anAmount, expiresAt: anInstant }),
  claim: fc.record({
    sumInsured: anAmount,
    claimed: fc.oneof(anAmount, fc.constant('sumInsured' as const)),
    settled: fc.oneof(anAmount, fc.constant('cover' as const)),
    payments: fc.array(fc.oneof(anAmount, fc.constant('rest' as const)), { minLength: 1, maxLength: 3 }),
    paidAt: anInstant,
  }),
});
type Scenario = typeof SCENARIO extends fc.Arbitrary<infer S> ? S : never;

/** The codes each operation documents, by status; anything else (a 500 above all) fails the property. */
const CODES: Record<string, Record<number, string[]>> = {
  issue: { 400: ['VALIDATION_ERROR'], 422: ['INVARIANT_VIOLATION'] },
  endorse: { 400: ['VALIDATION_ERROR'], 422: ['INVARIANT_VIOLATION', 'INVALID_TRANSITION'] },
  approve: { 422: ['INVARIANT_VIOLATION', 'INVALID_TRANSITION'] },
  collect: { 422: ['PAYMENT_EXCEEDS_DUE'] },
  generate: { 409: ['CONFLICT'], 422: ['INVARIANT_VIOLATION', 'INVALID_TRANSITION'] },
  offer: { 400: ['VALIDATION_ERROR'], 422: ['INVARIANT_VIOLATION', 'INVALID_TRANSITION'] },
  convert: { 422: ['INVARIANT_VIOLATION', 'INVALID_TRANSITION', 'OFFER_EXPIRED'] },
  file: { 400: ['VALIDATION_ERROR'], 422: ['INVARIANT_VIOLATION', 'INCIDENT_OUTSIDE_COVER', 'POLICY_NOT_ACTIVE'] },
  review: {},
  settle: { 400: ['VALIDATION_ERROR'], 422: ['SETTLEMENT_EXCEEDS_COVER', 'INVALID_TRANSITION'] },
  pay: { 400: ['VALIDATION_ERROR'], 422: ['PAYMENT_EXCEEDS_SETTLEMENT', 'INVALID_TRANSITION'] },
};

/** The answer's data when it is a 2xx; undefined for a documented refusal; throws on anything else. */
function answer(step: string, res: Response): any {
  const body = res.body ? res.json() : undefined;
  const fail = (why: string) => {
    throw new Error(`${step}: ${why}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  };
  if (!body?.meta?.requestId) fail('no meta.requestId');
  if (res.statusCode >= 200 && res.statusCode < 300) return body.data ?? fail('no data');
  const { code, message, details } = body.error ?? {};
  if (!CODES[step][res.statusCode]?.includes(code)) fail('not a documented answer');
  if (!message) fail('no error.message');
  if (code === 'VALIDATION_ERROR' && !(Array.isArray(details) && details.every((d) => d.field && d.constraint)))
    fail('validation details without field and constraint');
  return undefined;
}

/** What an accepted answer must keep: dates in 1900..2999, terms of at most 50 years, amounts above zero. */
function keeps(step: string, ok: boolean, what: string): void {
  if (!ok) throw new Error(`${step} was accepted but ${what}`);
}
const inRange = (day: string) => day >= '1900-01-01' && day <= '2999-12-31';
const fiftyYearsOn = (from: string) => {
  const [y, m, d] = from.split('-').map(Number);
  return dayOf(Date.UTC(y + 50, m - 1, Math.min(d, new Date(Date.UTC(y + 50, m, 0)).getUTCDate())));
};
const keepsTerm = (step: string, from: string, to: string) => {
  keeps(step, inRange(from) && inRange(to), `its term ${from}..${to} leaves 1900..2999`);
  keeps(step, to <= fiftyYearsOn(from), `its term ${from}..${to} is longer than 50 years`);
};

const money = (amountMinor: number) => ({ amountMinor, currency: 'KES' });
const issue = (as: Api, from: string, to: string, sumInsured: number, premium: number) =>
  as.post('/policies', {
    agentId: admin.id,
    insurerId: 'insurer-p',
    productCode: 'MOTOR-COMP',
    holder: { name: 'Property Holder' },
    sumInsured: money(sumInsured),
    premium: money(premium),
    effectiveFrom: from,
    effectiveTo: to,
  });

/** Issue, endorse (approved by `checker`) and renew a policy of generated dates and amounts. */
async function policyLife(checker: Api, s: Scenario) {
  const [from, to] = s.endsLate
    ? [daysFrom(s.endsLate, -s.termDays), s.endsLate]
    : [s.effectiveFrom, s.effectiveTo ?? daysFrom(s.effectiveFrom, s.termDays)];
  const policy = answer('issue', await issue(api.as(admin), from, to, s.sumInsured, s.premium));
  if (!policy) return;
  keepsTerm('issue', policy.effectiveFrom, policy.effectiveTo);
  const e = s.endorsement;
  const endorsement = answer(
    'endorse',
    await api.as(admin).post(`/policies/${policy.id}/endorsements`, {
      type: 'term',
      description: 'Generated change',
      effectiveDate: e.effectiveDate ?? policy.effectiveFrom,
      changes: {
        effectiveTo: e.termDays === null ? policy.effectiveTo : daysFrom(policy.effectiveFrom, e.termDays),
        ...(e.sumInsured === null ? {} : { sumInsured: money(e.sumInsured) }),
      },
    }),
  );
  if (endorsement) {
    const approved = answer(
      'approve',
      await checker.post(`/policies/${policy.id}/endorsements/${endorsement.id}/approve`),
    );
    if (approved) keepsTerm('approve', approved.policy.effectiveFrom, approved.policy.effectiveTo);
  }
  // What is overdue is paid in full first (a policy in arrears is not renewed): generated amounts collected.
  const instalments = (await api.as(admin).get(`/policies/${policy.id}/premiums`)).json().data;
  for (const i of instalments.filter((i: { status: string }) => i.status === 'overdue')) {
    const rest = { amountMinor: i.amount.amountMinor - i.paidAmount.amountMinor, currency: i.amount.currency };
    const paid = answer(
      'collect',
      await api.as(admin).post(`/policies/${policy.id}/premiums/${i.id}/payments`, {
        amount: rest,
        method: 'bank_transfer',
        reference: `GEN-${i.id}`,
        paidAt: new Date().toISOString(),
      }),
    );
    keeps('collect', paid?.amount.amountMinor === rest.amountMinor, `the payment recorded ${paid?.amount.amountMinor}`);
  }
  const renewal = answer('generate', await api.as(admin).post(`/renewals/policies/${policy.id}/generate`));
  if (!renewal) return;
  keepsTerm('generate', renewal.termFrom, renewal.termTo);
  const offer = { premium: money(s.offer.premium), offerExpiresAt: s.offer.expiresAt };
  if (!answer('offer', await api.as(admin).post(`/renewals/${renewal.id}/offer`, offer))) return;
  const converted = answer('convert', await api.as(admin).post(`/renewals/${renewal.id}/convert`));
  if (converted) keepsTerm('convert', converted.policy.effectiveFrom, converted.policy.effectiveTo);
}

/** File (as the admin), settle and pay (as `checker`) a claim of generated amounts on a policy current today. */
async function claimLife(checker: Api, c: Scenario['claim']) {
  const today = dayOf(TODAY);
  const issued = answer('issue', await issue(api.as(admin), today, daysFrom(today, 364), c.sumInsured, 1));
  const policy = issued ?? {
    ...(await given.policy(stack, { agentId: admin.id, sumInsuredMinor: MAX })),
    sumInsured: money(MAX),
  };
  const claimed = c.claimed === 'sumInsured' ? policy.sumInsured.amountMinor : c.claimed;
  const claim = answer(
    'file',
    await api.as(admin).post('/claims', {
      policyId: policy.id,
      incidentDate: today,
      description: 'Generated loss',
      claimedAmount: money(claimed),
    }),
  );
  if (!claim) return;
  answer('review', await api.as(admin).post(`/claims/${claim.id}/review`));
  const amount = money(c.settled === 'cover' ? Math.min(claimed, policy.sumInsured.amountMinor) : c.settled);
  const settled = answer('settle', await checker.post(`/claims/${claim.id}/settle`, { amount }));
  if (!settled) return;
  const settledMinor = settled.settledAmount.amountMinor;
  keeps('settle', settledMinor > 0 && settledMinor <= claimed, `it settled ${settledMinor} of ${claimed}`);
  let paid = 0;
  for (const [i, p] of c.payments.entries()) {
    const amountMinor = p === 'rest' ? settledMinor - paid : p;
    const payment = { amount: money(amountMinor), method: 'bank_transfer', reference: `P-${i}`, paidAt: c.paidAt };
    const detail = answer('pay', await checker.post(`/claims/${claim.id}/payments`, payment));
    if (detail) paid = (await checker.get(`/claims/${claim.id}`)).json().data.paidAmount.amountMinor;
    keeps('pay', paid <= settledMinor, `the payments add up to ${paid}, more than the settled ${settledMinor}`);
  }
}

test('generated dates and amounts get from issue, endorse, renew, settle and pay a 2xx that keeps the rules or a documented 4xx, never a 500', async (t) => {
  t.timeout(120_000);
  const checker = api.as(await given.admin(stack));
  const details = await fc.check(
    fc.asyncProperty(SCENARIO, async (s) => {
      await policyLife(checker, s);
      await claimLife(checker, s.claim);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  if (details.failed) t.fail(`${String(details.errorInstance)}\nseed ${SEED}: ${fc.defaultReportMessage(details)}`);
  else t.pass();
});
