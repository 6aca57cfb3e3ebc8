import test from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { auditOn, sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { dayFromToday, QUOTE, quote, requestQuote } from '../../helpers/quotations.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** A quotation from request to the policy it becomes, every refusal on the way, and the validUntil boundary. */
let stack: Stack;
let api: Api;
let agent: SignedIn;
let staff: SignedIn;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  agent = await given.user(stack, { roles: ['agent'] });
  staff = await given.user(stack, { roles: ['insurer_staff'], insurerId: 'insurer-q' });
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const audit = (id: string, action: string) => auditOn(stack)(id, action);
const asAgent = () => api.as(agent);
const asStaff = () => api.as(staff);
const requested = (t: any) => requestQuote(t, asAgent(), { insurerId: 'insurer-q' });
const quoted = async (t: any) => {
  const q = await requested(t);
  return quote(t, asStaff(), q.id);
};
/** Moves a quotation's validUntil to `offset` days from today, as time passing would. */
const validUntil = (id: string, offset: number) =>
  sql(`update quotations set valid_until = ?::date where id = ?`, [dayFromToday(offset), id]);

test("an agent's request answers 201: requested, numbered by the quotation pattern, the agent's own", async (t) => {
  const q = await requested(t);
  t.like(q, {
    status: 'requested',
    agentId: agent.id,
    insurerId: 'insurer-q',
    productCode: 'MOTOR-COMP',
    applicant: { name: 'Wanjiru Kamau', email: 'wanjiru@example.test', phone: '+254 700 000001', nationalId: null },
    sumInsured: { amountMinor: 2_000_000_00, currency: 'KES' },
    premium: null,
    validUntil: null,
    terms: null,
    policyId: null,
  });
  t.regex(q.quotationNumber, /^QUO-\d{4}-\d{6}$/);
  t.deepEqual(expectData(t, await asAgent().get(`/quotations/${q.id}`)), q);
  const [entry] = await audit(q.id, 'quotation.request');
  t.like(entry, { actor: agent.id, summary: { quotationNumber: q.quotationNumber, agentId: agent.id } });
});

test('a request is refused: no insurer (400), another agent (403), a sum insured of zero (400)', async (t) => {
  expectValidation(
    t,
    await asAgent().post('/quotations', {
      productCode: 'X',
      applicant: { name: 'A' },
      sumInsured: { amountMinor: 1, currency: 'KES' },
    }),
    ['body.insurerId'],
  );
  const other = await given.account(stack);
  expectError(
    t,
    await asAgent().post('/quotations', {
      agentId: other.id,
      insurerId: 'insurer-q',
      productCode: 'X',
      applicant: { name: 'A' },
      sumInsured: { amountMinor: 1, currency: 'KES' },
    }),
    403,
    'FORBIDDEN',
  );
  expectValidation(
    t,
    await asAgent().post('/quotations', {
      insurerId: 'insurer-q',
      productCode: 'X',
      applicant: { name: 'A' },
      sumInsured: { amountMinor: 0, currency: 'KES' },
    }),
    ['body.sumInsured.amountMinor'],
  );
});

test('respond makes it quoted: premium, validUntil and terms, audited', async (t) => {
  const q = await requested(t);
  const answered = await quote(t, asStaff(), q.id);
  t.like(answered, { status: 'quoted', premium: QUOTE.premium, validUntil: QUOTE.validUntil, terms: QUOTE.terms });
  const [entry] = await audit(q.id, 'quotation.respond');
  t.like(entry, { actor: staff.id, summary: { from: 'requested', to: 'quoted', validUntil: QUOTE.validUntil } });
});

test('respond is refused: validUntil in the past (400), another currency (422), not requested (422)', async (t) => {
  const q = await requested(t);
  expectValidation(t, await asStaff().post(`/quotations/${q.id}/respond`, { ...QUOTE, validUntil: dayFromToday(-1) }), {
    'body.validUntil': 'notPast',
  });
  expectError(
    t,
    await asStaff().post(`/quotations/${q.id}/respond`, { ...QUOTE, premium: { amountMinor: 5, currency: 'USD' } }),
    422,
    'INVARIANT_VIOLATION',
    { field: 'body.premium.currency' },
  );
  // validUntil today holds.
  await quote(t, asStaff(), q.id, { validUntil: dayFromToday(0) });
  expectError(t, await asStaff().post(`/quotations/${q.id}/respond`, QUOTE), 422, 'INVALID_TRANSITION', {
    from: 'quoted',
    action: 'respond',
    allowedFrom: ['requested'],
  });
});

test('accept issues the policy in the same transaction: the applicant as holder, the quoted premium, a one-year term', async (t) => {
  const q = await quoted(t);
  const accepted = expectData(t, await asAgent().post(`/quotations/${q.id}/accept`));
  t.is(accepted.status, 'accepted');
  t.truthy(accepted.policyId);
  const policy = expectData(t, await asAgent().get(`/policies/${accepted.policyId}`));
  const today = dayFromToday(0);
  const [y, m, d] = today.split('-').map(Number);
  const yearLessADay = new Date(Date.UTC(y + 1, m - 1, d) - 86_400_000).toISOString().slice(0, 10);
  t.like(policy, {
    status: 'active',
    agentId: agent.id,
    insurerId: 'insurer-q',
    productCode: 'MOTOR-COMP',
    holder: { name: 'Wanjiru Kamau', email: 'wanjiru@example.test', phone: '+254 700 000001', nationalId: null },
    sumInsured: { amountMinor: 2_000_000_00, currency: 'KES' },
    premium: QUOTE.premium,
    effectiveFrom: today,
    effectiveTo: yearLessADay,
  });
  t.regex(policy.policyNumber, /^POL-/);
  const timeline = expectData(t, await asAgent().get(`/policies/${policy.id}/timeline`));
  t.like(timeline[0], {
    type: 'policy.issued',
    data: { policyNumber: policy.policyNumber, quotationId: q.id, quotationNumber: q.quotationNumber },
  });
  t.like((await audit(q.id, 'quotation.accept'))[0], {
    actor: agent.id,
    summary: { from: 'quoted', to: 'accepted', policyId: policy.id },
  });
  t.like((await audit(policy.id, 'policy.issue'))[0], { actor: agent.id, summary: { quotationId: q.id } });
  t.deepEqual(expectData(t, await asAgent().get(`/quotations/${q.id}`)), accepted);
});

test('accept may name a later effectiveFrom; one in the past answers 400', async (t) => {
  const q = await quoted(t);
  expectValidation(t, await asAgent().post(`/quotations/${q.id}/accept`, { effectiveFrom: dayFromToday(-1) }), {
    'body.effectiveFrom': 'notPast',
  });
  const accepted = expectData(t, await asAgent().post(`/quotations/${q.id}/accept`, { effectiveFrom: '2099-02-28' }));
  const policy = expectData(t, await asAgent().get(`/policies/${accepted.policyId}`));
  t.like(policy, { effectiveFrom: '2099-02-28', effectiveTo: '2100-02-27' });
});

test('accept from requested, accepted or withdrawn answers 422 INVALID_TRANSITION and issues nothing', async (t) => {
  const q = await requested(t);
  expectError(t, await asAgent().post(`/quotations/${q.id}/accept`), 422, 'INVALID_TRANSITION', {
    from: 'requested',
    action: 'accept',
    allowedFrom: ['quoted'],
  });
  const done = await quoted(t);
  expectData(t, await asAgent().post(`/quotations/${done.id}/accept`));
  expectError(t, await asAgent().post(`/quotations/${done.id}/accept`), 422, 'INVALID_TRANSITION', {
    from: 'accepted',
    action: 'accept',
    allowedFrom: ['quoted'],
  });
  const gone = await quoted(t);
  expectData(t, await asStaff().post(`/quotations/${gone.id}/withdraw`));
  expectError(t, await asAgent().post(`/quotations/${gone.id}/accept`), 422, 'INVALID_TRANSITION', {
    from: 'withdrawn',
    action: 'accept',
    allowedFrom: ['quoted'],
  });
  const [{ n }] = await sql(`select count(*)::int as n from quotations where id in (?, ?) and policy_id is not null`, [
    q.id,
    gone.id,
  ]);
  t.is(n, 0);
});

test('a quote holds through its whole validUntil day (UTC): accepting on that day works', async (t) => {
  const q = await quoted(t);
  await validUntil(q.id, 0);
  const accepted = expectData(t, await asAgent().post(`/quotations/${q.id}/accept`));
  t.is(accepted.status, 'accepted');
});

test('the day after validUntil the quote has expired: accept, withdraw and respond answer 422 from expired', async (t) => {
  const q = await quoted(t);
  await validUntil(q.id, -1);
  expectError(t, await asAgent().post(`/quotations/${q.id}/accept`), 422, 'INVALID_TRANSITION', {
    from: 'expired',
    action: 'accept',
    allowedFrom: ['quoted'],
  });
  expectError(t, await asStaff().post(`/quotations/${q.id}/withdraw`), 422, 'INVALID_TRANSITION', {
    from: 'expired',
    action: 'withdraw',
    allowedFrom: ['requested', 'quoted'],
  });
  const [row] = await sql(`select status, policy_id from quotations where id = ?`, [q.id]);
  t.deepEqual(row, { status: 'quoted', policy_id: null });
  // Swept, it says so itself.
  await sql(`update quotations set status = 'expired', expired_at = now() where id = ?`, [q.id]);
  expectError(t, await asStaff().post(`/quotations/${q.id}/withdraw`), 422, 'INVALID_TRANSITION', {
    from: 'expired',
    action: 'withdraw',
    allowedFrom: ['requested', 'quoted'],
  });
});

test('withdraw answers 200 from requested and from quoted, audited; from accepted or withdrawn 422', async (t) => {
  for (const q of [await requested(t), await quoted(t)]) {
    const from = q.status;
    const withdrawn = expectData(t, await asStaff().post(`/quotations/${q.id}/withdraw`));
    t.is(withdrawn.status, 'withdrawn');
    t.like((await audit(q.id, 'quotation.withdraw'))[0], { actor: staff.id, summary: { from, to: 'withdrawn' } });
    expectError(t, await asStaff().post(`/quotations/${q.id}/withdraw`), 422, 'INVALID_TRANSITION', {
      from: 'withdrawn',
      action: 'withdraw',
      allowedFrom: ['requested', 'quoted'],
    });
  }
  const accepted = await quoted(t);
  expectData(t, await asAgent().post(`/quotations/${accepted.id}/accept`));
  expectError(t, await asStaff().post(`/quotations/${accepted.id}/withdraw`), 422, 'INVALID_TRANSITION', {
    from: 'accepted',
    action: 'withdraw',
    allowedFrom: ['requested', 'quoted'],
  });
});
