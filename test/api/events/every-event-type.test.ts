import test, { type ExecutionContext } from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { claimIn } from '../../helpers/claims.js';
import type { Api } from '../../helpers/client.js';
import { expectData } from '../../helpers/expect.js';
import { dayFromToday, quote, requestQuote } from '../../helpers/quotations.js';

/**
 * Every integration event type a path of the API reaches is published on GET /events, naming the record
 * it is about, with that record as its data. policy.lapsed and premium.paid are left out: no path of the
 * API publishes them yet (a policy lapses only in the demo data; no premium payment is recorded).
 */
let { api, admin, colleague } = {} as AdminStack;
// Serial: each test reads the feed after its own starting cursor; the last one reads all of it.
withAdminStack(test, (s) => ({ api, admin, colleague } = s));

const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });
const asAdmin = () => api.as(admin);
async function issue(as: Api) {
  const res = await as.post('/policies', {
    agentId: admin.id,
    insurerId: 'insurer-every-event',
    productCode: 'MOTOR-COMP',
    holder: { name: 'Achieng Otieno' },
    sumInsured: kes(100_000_000),
    premium: kes(5_000_000),
    effectiveFrom: dayFromToday(0),
    effectiveTo: dayFromToday(300),
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as { id: string };
}

type Event = { id: string; type: string; subject: { type: string; id: string }; data: any };
/** Every event after `after`, page by page, and the cursor to go on from. */
async function readAll(as: Api, after?: string, limit = 100): Promise<{ events: Event[]; cursor?: string }> {
  const events: Event[] = [];
  let cursor = after;
  for (;;) {
    const res = await as.get(`/events?limit=${limit}${cursor ? `&after=${cursor}` : ''}`);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    const body = res.json();
    events.push(...body.data);
    cursor = body.meta.page.nextCursor ?? undefined;
    if (!body.meta.page.hasMore) return { events, cursor };
  }
}

type Expected = [type: string, subjectId: string];
const seen = (events: Event[], [type, id]: Expected) => events.some((e) => e.type === type && e.subject.id === id);
/**
 * The events after `after` once each expected (type, subject) is among them, or whatever there is after
 * 15 s: the feed holds back what follows a transaction still running in the cluster, so a reader polls.
 */
async function readUntil(after: string | undefined, expected: Expected[]) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { events } = await readAll(asAdmin(), after);
    if (expected.every((e) => seen(events, e)) || Date.now() > deadline) return events;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Asserts one event of `type` names `subject` and carries the record `dataId`; returns it. */
function published(t: ExecutionContext, events: Event[], type: string, subject: Event['subject'], dataId = subject.id) {
  const event = events.find((e) => e.type === type && e.subject.id === subject.id);
  if (!event) {
    t.fail(`${type} of ${subject.type} ${subject.id} was not published`);
    return undefined;
  }
  t.deepEqual(event.subject, subject, type);
  t.is(event.data?.id, dataId, `${type}: data.id`);
  return event;
}

let start: string | undefined;

test.serial(
  'issuing, cancelling, reinstating and endorsing (four eyes) a policy each publish an event naming the policy',
  async (t) => {
    start = (await readAll(asAdmin())).cursor;
    const policy = await issue(asAdmin());
    expectData(t, await asAdmin().post(`/policies/${policy.id}/cancel`, { reason: 'sold the car' }));
    expectData(t, await asAdmin().post(`/policies/${policy.id}/reinstate`, { reason: 'bought it back' }));
    const endorsement = expectData(
      t,
      await asAdmin().post(`/policies/${policy.id}/endorsements`, {
        type: 'premium',
        description: 'Premium raised',
        effectiveDate: dayFromToday(0),
        changes: { premium: kes(7_777) },
      }),
      201,
    );
    expectData(t, await api.as(colleague).post(`/policies/${policy.id}/endorsements/${endorsement.id}/approve`));
    const types = ['policy.issued', 'policy.cancelled', 'policy.reinstated', 'policy.endorsed'];
    const events = await readUntil(
      start,
      types.map((type) => [type, policy.id]),
    );
    for (const type of types) published(t, events, type, { type: 'policy', id: policy.id });
    t.deepEqual(
      events.filter((e) => e.subject.id === policy.id).map((e) => e.type),
      types,
    );
    t.is(published(t, events, 'policy.endorsed', { type: 'policy', id: policy.id })?.data.premium.amountMinor, 7_777);
  },
);

test.serial(
  'a claim publishes filed, settled, payment_recorded and closed in that order; a repudiation publishes claim.repudiated',
  async (t) => {
    const from = (await readAll(asAdmin())).cursor;
    const policy = await issue(asAdmin());
    // Four eyes: the colleague files, the admin settles, pays and closes.
    const claim = await claimIn(asAdmin(), policy.id, 'settled', { filer: api.as(colleague) }); // settled at 300,000
    const payment = expectData(
      t,
      await asAdmin().post(`/claims/${claim.id}/payments`, {
        amount: kes(300_000),
        method: 'mobile_money',
        reference: 'MPESA-EVERY-EVENT',
        paidAt: new Date().toISOString(),
      }),
      201,
    );
    expectData(t, await asAdmin().post(`/claims/${claim.id}/close`));
    const refused = await claimIn(asAdmin(), policy.id, 'repudiated', { filer: api.as(colleague) });
    const events = await readUntil(from, [
      ['claim.filed', claim.id],
      ['claim.settled', claim.id],
      ['claim.payment_recorded', claim.id],
      ['claim.closed', claim.id],
      ['claim.repudiated', refused.id],
    ]);
    const subject = { type: 'claim', id: claim.id };
    t.is(published(t, events, 'claim.filed', subject)?.data.status, 'filed');
    t.is(published(t, events, 'claim.settled', subject)?.data.status, 'settled');
    t.is(published(t, events, 'claim.closed', subject)?.data.status, 'closed');
    t.is(published(t, events, 'claim.repudiated', { type: 'claim', id: refused.id })?.data.status, 'repudiated');
    // The payment's data is the payment (as GET /claims/{id}/payments returns it): the subject names the claim.
    const paid = published(t, events, 'claim.payment_recorded', subject, payment.id);
    t.like(paid?.data, {
      claimId: claim.id,
      amount: kes(300_000),
      recordedBy: admin.id,
      reference: 'MPESA-EVERY-EVENT',
    });
    t.deepEqual(
      events.filter((e) => e.subject.id === claim.id).map((e) => e.type),
      ['claim.filed', 'claim.settled', 'claim.payment_recorded', 'claim.closed'],
    );
  },
);

test.serial(
  'offering and converting a renewal publish renewal.offered and renewal.converted naming the renewal, and policy.issued for the next policy',
  async (t) => {
    const from = (await readAll(asAdmin())).cursor;
    const policy = await issue(asAdmin());
    const renewal = expectData(t, await asAdmin().post(`/renewals/policies/${policy.id}/generate`), 201);
    expectData(
      t,
      await asAdmin().post(`/renewals/${renewal.id}/offer`, {
        premium: kes(5_500_000),
        offerExpiresAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      }),
    );
    const converted = expectData(t, await asAdmin().post(`/renewals/${renewal.id}/convert`));
    const next = converted.policy.id as string;
    const events = await readUntil(from, [
      ['renewal.offered', renewal.id],
      ['renewal.converted', renewal.id],
      ['policy.issued', next],
    ]);
    const subject = { type: 'renewal', id: renewal.id };
    t.is(published(t, events, 'renewal.offered', subject)?.data.status, 'offered');
    t.like(published(t, events, 'renewal.converted', subject)?.data, { status: 'converted', newPolicyId: next });
    t.is(published(t, events, 'policy.issued', { type: 'policy', id: next })?.data.renewedFromPolicyId, policy.id);
  },
);

test.serial(
  'responding to and accepting a quotation publish quotation.quoted and quotation.accepted naming the quotation, and policy.issued for its policy',
  async (t) => {
    const from = (await readAll(asAdmin())).cursor;
    const requested = await requestQuote(t, asAdmin(), { agentId: admin.id, insurerId: 'insurer-every-event' });
    await quote(t, asAdmin(), requested.id);
    const accepted = expectData(t, await asAdmin().post(`/quotations/${requested.id}/accept`));
    const events = await readUntil(from, [
      ['quotation.quoted', requested.id],
      ['quotation.accepted', requested.id],
      ['policy.issued', accepted.policyId],
    ]);
    const subject = { type: 'quotation', id: requested.id };
    t.is(published(t, events, 'quotation.quoted', subject)?.data.status, 'quoted');
    t.like(published(t, events, 'quotation.accepted', subject)?.data, {
      status: 'accepted',
      policyId: accepted.policyId,
    });
    published(t, events, 'policy.issued', { type: 'policy', id: accepted.policyId });
  },
);

test.serial(
  'resolving a dispute publishes dispute.resolved; resolving one as escalated publishes dispute.escalated',
  async (t) => {
    const from = (await readAll(asAdmin())).cursor;
    // Raised by the colleague: the raiser neither triages nor resolves.
    const raise = async () =>
      expectData(
        t,
        await api.as(colleague).post('/disputes', {
          subjectType: 'commission',
          subjectId: 'COMM-2026-0042',
          reason: 'Commission short by 10%',
        }),
        201,
      );
    const resolve = async (id: string, outcome: string) => {
      expectData(t, await asAdmin().post(`/disputes/${id}/triage`, { severity: 'high' }));
      return expectData(t, await asAdmin().post(`/disputes/${id}/resolve`, { outcome, resolution: 'Reviewed' }));
    };
    const upheld = await raise();
    const escalated = await raise();
    await resolve(upheld.id, 'upheld');
    await resolve(escalated.id, 'escalated');
    const events = await readUntil(from, [
      ['dispute.resolved', upheld.id],
      ['dispute.escalated', escalated.id],
    ]);
    t.is(published(t, events, 'dispute.resolved', { type: 'dispute', id: upheld.id })?.data.status, 'upheld');
    t.is(published(t, events, 'dispute.escalated', { type: 'dispute', id: escalated.id })?.data.status, 'escalated');
  },
);

test.serial('the feed holds each of the fifteen types a path of the API reaches', async (t) => {
  const reachable = [
    ...['policy.issued', 'policy.cancelled', 'policy.reinstated', 'policy.endorsed'],
    ...['claim.filed', 'claim.settled', 'claim.repudiated', 'claim.payment_recorded', 'claim.closed'],
    ...['renewal.offered', 'renewal.converted', 'quotation.quoted', 'quotation.accepted'],
    ...['dispute.resolved', 'dispute.escalated'],
  ];
  // policy.lapsed and premium.paid: no path of the API publishes them yet.
  const allTypes = new Set((await readAll(asAdmin(), start)).events.map((e) => e.type));
  t.deepEqual(
    reachable.filter((type) => !allTypes.has(type)),
    [],
    'types never published',
  );
});
