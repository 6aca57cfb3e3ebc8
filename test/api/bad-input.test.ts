import test from 'ava';
import { type AdminStack, withAdminStack } from '../helpers/admin-stack.js';
import { claimIn } from '../helpers/claims.js';
import { bearer } from '../helpers/client.js';
import { expectData, expectValidation } from '../helpers/expect.js';
import { given } from '../helpers/given.js';
import { postRegistryEvent } from '../helpers/webhooks.js';

/**
 * Input that passes a loose check but that PostgreSQL or JavaScript cannot take answers 400 on its
 * field, never 500: NUL characters, uuids with a prefix, dates that do not exist or cannot be stored.
 */
let { stack, api, admin, colleague: filer } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin, colleague: filer } = s));

test('a NUL character anywhere in a JSON body answers 400 on body, on routes with and without a token', async (t) => {
  const policyId = (await given.policy(stack, { agentId: admin.id })).id;
  const claim = await claimIn(api.as(admin), policyId, 'filed', { filer: api.as(filer) });
  expectValidation(t, await api.as(admin).post(`/claims/${claim.id}/notes`, { body: 'before\u0000after' }), {
    body: 'noNul',
  });
  expectValidation(
    t,
    await api.as(admin).post('/disputes', { subjectType: 'payment', subjectId: 'P-1', reason: 'x', 'k\u0000': 1 }),
    {
      body: 'noNul',
    },
  );
  expectValidation(t, await api.post('/auth/login', { email: 'a@example.test', password: 'pass\u0000word-1234' }), {
    body: 'noNul',
  });
  expectValidation(
    t,
    await postRegistryEvent(stack.app, {
      eventId: 'evt-nul-1',
      type: 'identity.verified',
      occurredAt: new Date().toISOString(),
      data: { email: 'nul\u0000@example.test' },
    }),
    { body: 'noNul' },
  );
  // A backslash followed by the letters u0000 is text, not a NUL.
  const note = await api.as(admin).post(`/claims/${claim.id}/notes`, { body: 'a literal \\u0000 is fine' });
  t.is(note.statusCode, 201, note.body);
});

test('an unpaired surrogate escape in a JSON body answers 400 on body (jsonb cannot store it), on routes with and without a token; a pair is text', async (t) => {
  const policyId = (await given.policy(stack, { agentId: admin.id })).id;
  const claim = await claimIn(api.as(admin), policyId, 'filed', { filer: api.as(filer) });
  const raw = (text: string) =>
    stack.app.inject({
      method: 'POST',
      url: `/claims/${claim.id}/notes`,
      payload: `{"body":"${text}"}`,
      headers: { ...bearer(admin), 'content-type': 'application/json' },
    });
  for (const lone of ['\\ud800', 'x\\uDFFFy', '\\uDBFF\\u0041'])
    expectValidation(t, await raw(lone), { body: 'wellFormed' });
  t.is((await raw('a pair \\ud83d\\ude00 is an emoji')).statusCode, 201);

  // The registry webhook: refused alone, before it could join (and fail) a batch of other deliveries.
  const { signWebhook } = await import('../../shared/domain/registry/signature.js');
  const signedRaw = (eventId: string, data: string) => {
    const body = `{"eventId":"${eventId}","type":"identity.verified","occurredAt":"${new Date().toISOString()}","data":${data}}`;
    const ts = Math.floor(Date.now() / 1000);
    return stack.app.inject({
      method: 'POST',
      url: '/webhooks/registry',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': eventId,
        'webhook-timestamp': String(ts),
        'webhook-signature': signWebhook(stack.app.config.REGISTRY_WEBHOOK_SECRET, eventId, ts, body),
      },
    });
  };
  const [poisoned, fine] = await Promise.all([
    signedRaw('evt-lone-surrogate', '{"reference":"\\ud800"}'),
    signedRaw('evt-beside-a-lone-surrogate', '{"reference":"REG-OK"}'),
  ]);
  expectValidation(t, poisoned, { body: 'wellFormed' });
  t.is(fine.statusCode, 201);
});

test('a NUL character in a query value or a path segment answers 400', async (t) => {
  expectValidation(t, await api.as(admin).get('/policies?q=%00'), { query: 'noNul' });
  expectValidation(t, await api.as(admin).get('/catastrophe-events/EV%00'), { params: 'noNul' });
});

test('a uuid with a urn:uuid: prefix answers 400 on its field', async (t) => {
  const urn = 'urn:uuid:01900000-0000-7000-8000-000000000000';
  expectValidation(t, await api.as(admin).get(`/policies/${urn}`), { 'params.id': 'format' });
  expectValidation(t, await api.as(admin).get(`/policies?agentId=${urn}`), { 'query.agentId': 'format' });
});

test('dates that do not exist, years outside 1900..2999 and leap seconds answer 400 on their field', async (t) => {
  for (const day of ['0000-01-01', '2026-02-30', '3000-01-01', '1899-12-31'])
    expectValidation(t, await api.as(admin).get(`/policies?effectiveToBefore=${day}`), {
      'query.effectiveToBefore': 'format',
    });
  const policyId = (await given.policy(stack, { agentId: admin.id })).id;
  const settled = await claimIn(api.as(admin), policyId, 'settled', { filer: api.as(filer) });
  for (const paidAt of ['2026-12-31T23:59:60Z', '2026-02-30T10:00:00Z', '2026-01-01T24:00:00Z'])
    expectValidation(
      t,
      await api.as(admin).post(`/claims/${settled.id}/payments`, {
        amount: { amountMinor: 1, currency: 'KES' },
        method: 'mobile_money',
        reference: 'R',
        paidAt,
      }),
      { 'body.paidAt': 'format' },
      paidAt,
    );
});

test('a premium of zero answers 400 wherever a premium is set: issue, quote, renewal offer, endorsement', async (t) => {
  const zero = { amountMinor: 0, currency: 'KES' };
  const policy = await given.policy(stack, { agentId: admin.id });
  expectValidation(
    t,
    await api.as(admin).post(`/policies/${policy.id}/endorsements`, {
      type: 'premium',
      description: 'Free cover',
      effectiveDate: new Date().toISOString().slice(0, 10),
      changes: { premium: zero },
    }),
    { 'body.changes.premium.amountMinor': 'exclusiveMinimum' },
  );
  const renewal = expectData(t, await api.as(admin).post(`/renewals/policies/${policy.id}/generate`), 201);
  expectValidation(
    t,
    await api.as(admin).post(`/renewals/${renewal.id}/offer`, {
      premium: zero,
      offerExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    }),
    { 'body.premium.amountMinor': 'exclusiveMinimum' },
  );
  const quotation = expectData(
    t,
    await api.as(admin).post('/quotations', {
      agentId: admin.id,
      insurerId: 'insurer-a',
      productCode: 'MOTOR',
      applicant: { name: 'Zero Premium' },
      sumInsured: { amountMinor: 1_000_000, currency: 'KES' },
    }),
    201,
  );
  expectValidation(
    t,
    await api.as(admin).post(`/quotations/${quotation.id}/respond`, {
      premium: zero,
      validUntil: new Date().toISOString().slice(0, 10),
      terms: 'Standard',
    }),
    { 'body.premium.amountMinor': 'exclusiveMinimum' },
  );
});

test('a claim for an incident in the future answers 400 on incidentDate', async (t) => {
  const policy = await given.policy(stack, {
    agentId: admin.id,
    effectiveFrom: new Date().toISOString().slice(0, 10),
    effectiveTo: new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10),
  });
  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  expectValidation(
    t,
    await api.as(admin).post('/claims', {
      policyId: policy.id,
      incidentDate: inAWeek,
      description: 'Not yet',
      claimedAmount: { amountMinor: 1_000, currency: 'KES' },
    }),
    { 'body.incidentDate': 'notFuture' },
  );
});
