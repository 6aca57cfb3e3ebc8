import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import type { Response } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, like } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/** The policy state machine (cancel, reinstate), endorsements and what the timeline records of them. */
let { stack, api, admin, colleague: approver } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin, colleague: approver } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const policyOf = (opts: Partial<Parameters<typeof given.policy>[1]> = {}) =>
  given.policy(stack, { agentId: admin.id, ...opts });
const endorsement = (extra: Record<string, unknown> = {}) => ({
  type: 'coverage',
  description: 'Raise the sum insured',
  effectiveDate: new Date().toISOString().slice(0, 10),
  changes: { sumInsured: { amountMinor: 200_000_000, currency: 'KES' } },
  ...extra,
});

test('cancel takes an active or reinstated policy to cancelled with reason and effective date', async (t) => {
  for (const status of ['active', 'reinstated'] as const) {
    const policy = await policyOf({ status });
    const cancelled = expectData(
      t,
      await api.as(admin).post(`/policies/${policy.id}/cancel`, { reason: 'sold the car' }),
    );
    t.like(cancelled, { status: 'cancelled', cancellationReason: 'sold the car' });
    t.truthy(cancelled.cancelledAt);
    t.is(cancelled.cancellationEffectiveDate, new Date().toISOString().slice(0, 10));
  }
});

test('cancel from any other status answers 422 INVALID_TRANSITION with from, action and allowedFrom', async (t) => {
  for (const status of ['cancelled', 'lapsed', 'expired', 'renewed'] as const) {
    const policy = await policyOf({ status });
    expectError(
      t,
      await api.as(admin).post(`/policies/${policy.id}/cancel`, { reason: 'x' }),
      422,
      'INVALID_TRANSITION',
      { from: status, action: 'cancel', allowedFrom: ['active', 'reinstated'] },
      status,
    );
  }
});

test("a cancellation date outside the policy's period answers 422 INVARIANT_VIOLATION and changes nothing", async (t) => {
  const policy = await policyOf({ effectiveFrom: '2026-01-01', effectiveTo: '2026-12-31' });
  expectError(
    t,
    await api.as(admin).post(`/policies/${policy.id}/cancel`, { reason: 'x', effectiveDate: '2025-12-31' }),
    422,
    'INVARIANT_VIOLATION',
  );
  t.is(expectData(t, await api.as(admin).get(`/policies/${policy.id}`)).status, 'active');
});

test('reinstate takes a cancelled or lapsed policy back within the window', async (t) => {
  for (const status of ['cancelled', 'lapsed'] as const) {
    const policy = await policyOf({ status });
    const reinstated = expectData(t, await api.as(admin).post(`/policies/${policy.id}/reinstate`, { reason: 'paid' }));
    t.like(reinstated, { status: 'reinstated', cancelledAt: null, lapsedAt: null });
    t.truthy(reinstated.reinstatedAt);
  }
});

test('reinstating after the window answers 422 REINSTATEMENT_WINDOW_EXPIRED and leaves the policy as it was', async (t) => {
  const days = stack.app.deps.config.REINSTATEMENT_WINDOW_DAYS;
  for (const status of ['cancelled', 'lapsed'] as const) {
    const endedAt = new Date(Date.now() - (days + 1) * 86_400_000);
    const policy = await policyOf({ status, cancelledAt: endedAt, lapsedAt: endedAt });
    expectError(
      t,
      await api.as(admin).post(`/policies/${policy.id}/reinstate`, { reason: 'late' }),
      422,
      'REINSTATEMENT_WINDOW_EXPIRED',
      like({ windowDays: days, from: status }),
    );
    t.is(expectData(t, await api.as(admin).get(`/policies/${policy.id}`)).status, status);
  }
  // One day inside the window still works.
  const inside = await policyOf({ status: 'cancelled', cancelledAt: new Date(Date.now() - (days - 1) * 86_400_000) });
  t.is(
    expectData(t, await api.as(admin).post(`/policies/${inside.id}/reinstate`, { reason: 'ok' })).status,
    'reinstated',
  );
});

test('reinstate from any other status answers 422 INVALID_TRANSITION', async (t) => {
  for (const status of ['active', 'reinstated', 'expired', 'renewed'] as const) {
    const policy = await policyOf({ status });
    expectError(
      t,
      await api.as(admin).post(`/policies/${policy.id}/reinstate`, { reason: 'x' }),
      422,
      'INVALID_TRANSITION',
      {
        from: status,
        action: 'reinstate',
        allowedFrom: ['cancelled', 'lapsed'],
      },
    );
  }
});

test('an endorsement is created pending and applies its changes only when approved', async (t) => {
  const policy = await policyOf();
  // A term stays within 50 years.
  const tenYearsOn = `${new Date().getUTCFullYear() + 10}-01-01`;
  const created = expectData(
    t,
    await api.as(admin).post(
      `/policies/${policy.id}/endorsements`,
      endorsement({
        changes: {
          sumInsured: { amountMinor: 200_000_000, currency: 'KES' },
          holder: { name: 'New Holder', phone: null },
          effectiveTo: tenYearsOn,
        },
      }),
    ),
    201,
  );
  t.like(created, { status: 'pending', policyId: policy.id, createdBy: admin.id });
  t.regex(created.endorsementNumber, /^END-/);
  t.is(expectData(t, await api.as(admin).get(`/policies/${policy.id}`)).sumInsured.amountMinor, 100_000_000);

  const approved = expectData(
    t,
    await api.as(approver).post(`/policies/${policy.id}/endorsements/${created.id}/approve`),
  );
  t.like(approved.endorsement, { status: 'approved', createdBy: admin.id, approvedBy: approver.id });
  t.like(approved.policy, { effectiveTo: tenYearsOn, holder: { name: 'New Holder', phone: null } });
  t.deepEqual(approved.policy.sumInsured, { amountMinor: 200_000_000, currency: 'KES' });
  t.deepEqual(expectData(t, await api.as(admin).get(`/policies/${policy.id}`)), approved.policy);
  const listed = expectData(t, await api.as(admin).get(`/policies/${policy.id}/endorsements`));
  t.deepEqual(listed, [approved.endorsement]);
});

test('approving an endorsement twice answers 422 INVALID_TRANSITION and applies it once', async (t) => {
  const policy = await policyOf();
  const created = expectData(
    t,
    await api
      .as(admin)
      .post(
        `/policies/${policy.id}/endorsements`,
        endorsement({ changes: { premium: { amountMinor: 7, currency: 'KES' } } }),
      ),
    201,
  );
  expectData(t, await api.as(approver).post(`/policies/${policy.id}/endorsements/${created.id}/approve`));
  expectError(
    t,
    await api.as(approver).post(`/policies/${policy.id}/endorsements/${created.id}/approve`),
    422,
    'INVALID_TRANSITION',
    {
      from: 'approved',
      action: 'approve',
      allowedFrom: ['pending'],
    },
  );
  const [{ n }] = await sql(
    `select count(*)::int as n from audit_entries where action = 'endorsement.approve' and subject_id = ?`,
    [created.id],
  );
  t.is(n, 1);
});

test('an endorsement of a policy that is not active or reinstated answers 422 INVALID_TRANSITION', async (t) => {
  for (const status of ['cancelled', 'lapsed', 'expired', 'renewed'] as const) {
    const policy = await policyOf({ status });
    expectError(
      t,
      await api.as(admin).post(`/policies/${policy.id}/endorsements`, endorsement()),
      422,
      'INVALID_TRANSITION',
      like({ from: status, action: 'endorse' }),
    );
  }
});

test('an endorsement in another currency, ending the term before it starts, or dated outside the period answers 422', async (t) => {
  const policy = await policyOf({ effectiveFrom: '2026-01-01', effectiveTo: '2026-12-31' });
  const url = `/policies/${policy.id}/endorsements`;
  const on = { effectiveDate: '2026-06-01' };
  expectError(
    t,
    await api.as(admin).post(url, endorsement({ ...on, changes: { premium: { amountMinor: 1, currency: 'USD' } } })),
    422,
    'INVARIANT_VIOLATION',
    { field: 'body.changes.premium.currency' },
  );
  expectError(
    t,
    await api.as(admin).post(url, endorsement({ ...on, changes: { effectiveTo: '2025-06-01' } })),
    422,
    'INVARIANT_VIOLATION',
    { field: 'body.changes.effectiveTo' },
  );
  expectError(
    t,
    await api.as(admin).post(url, endorsement({ effectiveDate: '2027-01-01' })),
    422,
    'INVARIANT_VIOLATION',
    { field: 'body.effectiveDate' },
  );
  const res = await api.as(admin).post(url, endorsement({ ...on, changes: {} }));
  t.is(res.statusCode, 400);
});

test('cancelling a policy withdraws its pending endorsements, which can then not be approved', async (t) => {
  const policy = await policyOf();
  const created = expectData(t, await api.as(admin).post(`/policies/${policy.id}/endorsements`, endorsement()), 201);
  expectData(t, await api.as(admin).post(`/policies/${policy.id}/cancel`, { reason: 'x' }));
  expectError(
    t,
    await api.as(approver).post(`/policies/${policy.id}/endorsements/${created.id}/approve`),
    422,
    'INVALID_TRANSITION',
    like({ from: 'withdrawn' }),
  );
  t.is(expectData(t, await api.as(admin).get(`/policies/${policy.id}`)).sumInsured.amountMinor, 100_000_000);
});

test('an endorsement of another policy answers 404 on approval', async (t) => {
  const a = await policyOf();
  const b = await policyOf();
  const created = expectData(t, await api.as(admin).post(`/policies/${a.id}/endorsements`, endorsement()), 201);
  expectError(t, await api.as(approver).post(`/policies/${b.id}/endorsements/${created.id}/approve`), 404, 'NOT_FOUND');
});

test('the timeline lists every change in order with actor, time and request id', async (t) => {
  /** The request id the service gave each request, in order. */
  const ids: string[] = [];
  const sent = (res: Response) => {
    ids.push(String(res.headers['x-request-id']));
    return res;
  };
  const issued = expectData(
    t,
    sent(
      await api.as(admin).post('/policies', {
        agentId: admin.id,
        insurerId: 'insurer-a',
        productCode: 'HOME',
        holder: { name: 'Timeline Holder' },
        sumInsured: { amountMinor: 1000, currency: 'KES' },
        premium: { amountMinor: 10, currency: 'KES' },
        effectiveFrom: new Date().toISOString().slice(0, 10),
        effectiveTo: `${new Date().getUTCFullYear() + 10}-12-31`,
      }),
    ),
    201,
  );
  const url = `/policies/${issued.id}`;
  const changes = endorsement({ changes: { premium: { amountMinor: 20, currency: 'KES' } } });
  const e = expectData(t, sent(await api.as(admin).post(`${url}/endorsements`, changes)), 201);
  expectData(t, sent(await api.as(approver).post(`${url}/endorsements/${e.id}/approve`)));
  const pending = expectData(t, sent(await api.as(admin).post(`${url}/endorsements`, endorsement())), 201);
  expectData(t, sent(await api.as(admin).post(`${url}/cancel`, { reason: 'x' })));
  expectData(t, sent(await api.as(admin).post(`${url}/reinstate`, { reason: 'y' })));

  const events = expectData(t, await api.as(admin).get(`${url}/timeline`));
  t.deepEqual(
    events.map((ev: any) => [ev.type, ev.subjectId, ev.requestId]),
    [
      ['policy.issued', issued.id, ids[0]],
      ['endorsement.created', e.id, ids[1]],
      ['endorsement.approved', e.id, ids[2]],
      ['endorsement.created', pending.id, ids[3]],
      ['policy.cancelled', issued.id, ids[4]],
      ['endorsement.withdrawn', pending.id, ids[4]],
      ['policy.reinstated', issued.id, ids[5]],
    ],
  );
  for (const ev of events) {
    t.is(ev.actor, ev.type === 'endorsement.approved' ? approver.id : admin.id);
    t.regex(ev.occurredAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }
  // Paged: two at a time, the same order.
  const first = await api.as(admin).get(`${url}/timeline?limit=2`);
  const next = first.json().meta.page.nextCursor;
  const second = expectData(t, await api.as(admin).get(`${url}/timeline?limit=2&cursor=${next}`));
  t.deepEqual(
    [...first.json().data, ...second].map((ev: any) => ev.type),
    events.slice(0, 4).map((ev: any) => ev.type),
  );
});

test('actions need their permission: cancel, reinstate, endorse, approve', async (t) => {
  const reader = await given.user(stack, { permissions: ['policy:read'] });
  const policy = await policyOf();
  expectError(t, await api.as(reader).post(`/policies/${policy.id}/cancel`, { reason: 'x' }), 403, 'FORBIDDEN', {
    missingPermissions: ['policy:cancel'],
  });
  expectError(t, await api.as(reader).post(`/policies/${policy.id}/reinstate`, { reason: 'x' }), 403, 'FORBIDDEN', {
    missingPermissions: ['policy:reinstate'],
  });
  expectError(t, await api.as(reader).post(`/policies/${policy.id}/endorsements`, endorsement()), 403, 'FORBIDDEN', {
    missingPermissions: ['policy:endorse'],
  });
  const created = expectData(t, await api.as(admin).post(`/policies/${policy.id}/endorsements`, endorsement()), 201);
  expectError(
    t,
    await api.as(reader).post(`/policies/${policy.id}/endorsements/${created.id}/approve`),
    403,
    'FORBIDDEN',
    { missingPermissions: ['policy:endorsement:approve'] },
  );
});
