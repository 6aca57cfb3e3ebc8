import test from 'ava';
import { CLAIM_WORKFLOW } from '../../../shared/domain/claims/claim.workflow.js';
import { CLAIM_STATES, claimIn, fileClaim } from '../../helpers/claims.js';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, like } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** The claim table, row by row, and the rules of its actions. */
let stack: Stack;
let api: Api;
let admin: SignedIn;
/** Files the claims the admin works: four eyes keep a filer from settling or paying their own claim. */
let filer: SignedIn;
let policyId: string;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  admin = await given.admin(stack);
  filer = await given.admin(stack);
  policyId = (await given.policy(stack, { agentId: admin.id, sumInsuredMinor: 1_000_000 })).id;
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const BODIES: Record<string, unknown> = {
  assign: undefined,
  'request-documents': {},
  settle: { amount: { amountMinor: 100, currency: 'KES' } },
  repudiate: { reason: 'r' },
  withdraw: { reason: 'w' },
  appeal: { reason: 'a' },
};
const PATHS: Record<string, string> = { requestDocuments: 'request-documents' };
const inState = (status: string) => claimIn(api.as(admin), policyId, status, { filer: api.as(filer) });

test('every action from every state outside its row answers 422 INVALID_TRANSITION with from, action and allowedFrom', async (t) => {
  const handler = await given.user(stack, { permissions: ['claim:review'], insurerId: 'insurer-a' });
  const claims = Object.fromEntries(
    await Promise.all(CLAIM_STATES.map(async (s) => [s, (await inState(s)).id] as const)),
  );
  for (const [action, step] of Object.entries(CLAIM_WORKFLOW.steps)) {
    if (action === 'pay' || action === 'addDocument') continue;
    const path = PATHS[action] ?? action;
    for (const state of CLAIM_STATES.filter((s) => !(step.from as readonly string[]).includes(s))) {
      const body = action === 'assign' ? { assigneeId: handler.id } : BODIES[path];
      expectError(
        t,
        await api.as(admin).post(`/claims/${claims[state]}/${path}`, body),
        422,
        'INVALID_TRANSITION',
        { from: state, action, allowedFrom: [...step.from] },
        `${action} from ${state}`,
      );
    }
  }
});

test('every action from every state of its row leads where the table says and writes its audit entry with actor and request id', async (t) => {
  const handler = await given.user(stack, { permissions: ['claim:review'], insurerId: 'insurer-a' });
  for (const [action, step] of Object.entries(CLAIM_WORKFLOW.steps)) {
    if (action === 'pay' || action === 'addDocument') continue; // sub-records: payments.test.ts, notes-documents-events.test.ts
    const path = PATHS[action] ?? action;
    for (const from of step.from) {
      const claim = await inState(from);
      // A settled claim closes once fully paid (settled at 300,000 by claimIn).
      if (action === 'close' && from === 'settled')
        expectData(
          t,
          await api.as(admin).post(`/claims/${claim.id}/payments`, {
            amount: { amountMinor: 300_000, currency: 'KES' },
            method: 'bank_transfer',
            reference: `FULL-${claim.id}`,
            paidAt: new Date().toISOString(),
          }),
          201,
        );
      const body = action === 'assign' ? { assigneeId: handler.id } : BODIES[path];
      const res = await api.as(admin).post(`/claims/${claim.id}/${path}`, body);
      const expected = typeof step.to === 'function' ? step.to(from) : step.to;
      t.is(expectData(t, res, 200, `${action} from ${from}`).status, expected, `${action} from ${from}`);
      const audit = await sql(`select actor, subject_id from audit_entries where action = ? and request_id = ?`, [
        step.audit,
        res.headers['x-request-id'],
      ]);
      t.deepEqual(audit, [{ actor: admin.id, subject_id: claim.id }], `${action} from ${from} is audited`);
    }
  }
});

test('review, investigate, request-documents, settle, repudiate, withdraw and appeal lead where the table says', async (t) => {
  const go = async (id: string, path: string, body?: unknown) =>
    expectData(t, await api.as(admin).post(`/claims/${id}/${path}`, body)).status;
  const a = await fileClaim(api.as(filer), policyId);
  t.is(await go(a.id, 'review'), 'under_review');
  t.is(await go(a.id, 'investigate'), 'investigation');
  t.is(await go(a.id, 'request-documents', { documents: ['photos'] }), 'awaiting_documents');
  t.is(await go(a.id, 'review'), 'under_review');
  t.is(await go(a.id, 'repudiate', { reason: 'excluded' }), 'repudiated');
  t.is(await go(a.id, 'appeal', { reason: 'not excluded' }), 'appealed');
  t.is(await go(a.id, 'review'), 'under_review');
  t.is(await go(a.id, 'settle', { amount: { amountMinor: 1000, currency: 'KES' } }), 'settled');
  const b = await fileClaim(api.as(admin), policyId);
  t.is(await go(b.id, 'withdraw', { reason: 'sorted privately' }), 'withdrawn');
  t.is(await go(b.id, 'close'), 'closed');
  const detail = expectData(t, await api.as(admin).get(`/claims/${a.id}`));
  t.deepEqual(
    detail.history.map((h: any) => h.type),
    [
      'claim.filed',
      'claim.review_started',
      'claim.investigation_started',
      'claim.documents_requested',
      'claim.review_started',
      'claim.repudiated',
      'claim.appealed',
      'claim.review_started',
      'claim.settled',
    ],
  );
  t.like(detail, {
    appealCount: 1,
    reasons: { repudiate: 'excluded', appeal: 'not excluded' },
    requestedDocuments: ['photos'],
  });
});

test('assign puts a filed claim under review and keeps other states; the assignee must hold claim:review', async (t) => {
  const handler = await given.user(stack, { permissions: ['claim:review'], insurerId: 'insurer-a' });
  const clerk = await given.user(stack, { permissions: ['claim:read'] });
  const filed = await fileClaim(api.as(admin), policyId);
  expectError(
    t,
    await api.as(admin).post(`/claims/${filed.id}/assign`, { assigneeId: clerk.id }),
    422,
    'INVARIANT_VIOLATION',
    {
      field: 'body.assigneeId',
    },
  );
  const assigned = expectData(t, await api.as(admin).post(`/claims/${filed.id}/assign`, { assigneeId: handler.id }));
  t.like(assigned, { status: 'under_review', assigneeId: handler.id });
  const investigating = await inState('investigation');
  t.is(
    expectData(t, await api.as(admin).post(`/claims/${investigating.id}/assign`, { assigneeId: handler.id })).status,
    'investigation',
  );
});

test("an assignee must be able to see the claim: another insurer's staff, or an agent for another agent's claim, answers 422", async (t) => {
  const claim = await fileClaim(api.as(admin), policyId); // insurer-a, agent admin
  const otherInsurer = await given.user(stack, { permissions: ['claim:review'], insurerId: 'insurer-b' });
  const sameInsurer = await given.user(stack, { permissions: ['claim:review'], insurerId: 'insurer-a' });
  const anotherAgent = await given.user(stack, { permissions: ['claim:review'] });
  for (const outsider of [otherInsurer, anotherAgent])
    expectError(
      t,
      await api.as(admin).post(`/claims/${claim.id}/assign`, { assigneeId: outsider.id }),
      422,
      'INVARIANT_VIOLATION',
      { field: 'body.assigneeId' },
    );
  t.is(expectData(t, await api.as(admin).get(`/claims/${claim.id}`)).assigneeId, null);
  t.like(expectData(t, await api.as(admin).post(`/claims/${claim.id}/assign`, { assigneeId: sameInsurer.id })), {
    assigneeId: sameInsurer.id,
  });
});

test('a settlement above the claimed amount or the sum insured answers 422 SETTLEMENT_EXCEEDS_COVER', async (t) => {
  const small = await given.policy(stack, { agentId: admin.id, sumInsuredMinor: 200_000 });
  const claim = await fileClaim(api.as(filer), small.id, { claimedAmount: { amountMinor: 150_000, currency: 'KES' } });
  expectData(t, await api.as(admin).post(`/claims/${claim.id}/review`));
  for (const amountMinor of [150_001, 200_000])
    expectError(
      t,
      await api.as(admin).post(`/claims/${claim.id}/settle`, { amount: { amountMinor, currency: 'KES' } }),
      422,
      'SETTLEMENT_EXCEEDS_COVER',
    );
  const big = await fileClaim(api.as(filer), small.id, { claimedAmount: { amountMinor: 900_000, currency: 'KES' } });
  expectData(t, await api.as(admin).post(`/claims/${big.id}/review`));
  expectError(
    t,
    await api.as(admin).post(`/claims/${big.id}/settle`, { amount: { amountMinor: 200_001, currency: 'KES' } }),
    422,
    'SETTLEMENT_EXCEEDS_COVER',
  );
  expectError(
    t,
    await api.as(admin).post(`/claims/${big.id}/settle`, { amount: { amountMinor: 1, currency: 'USD' } }),
    422,
    'INVARIANT_VIOLATION',
  );
  const settled = expectData(
    t,
    await api.as(admin).post(`/claims/${big.id}/settle`, { amount: { amountMinor: 200_000, currency: 'KES' } }),
  );
  t.deepEqual(settled.settledAmount, { amountMinor: 200_000, currency: 'KES' });
  // Settlements show on the policy's timeline.
  const timeline = expectData(t, await api.as(admin).get(`/policies/${small.id}/timeline`));
  t.deepEqual(
    timeline.filter((e: any) => e.subjectId === big.id).map((e: any) => e.type),
    ['claim.filed', 'claim.settled'],
  );
});

test('a claim is appealed once, and within 30 days of its repudiation: else 422 APPEAL_LIMIT_REACHED', async (t) => {
  const once = await inState('appealed');
  expectData(t, await api.as(admin).post(`/claims/${once.id}/review`));
  expectData(t, await api.as(admin).post(`/claims/${once.id}/repudiate`, { reason: 'still excluded' }));
  expectError(
    t,
    await api.as(admin).post(`/claims/${once.id}/appeal`, { reason: 'again' }),
    422,
    'APPEAL_LIMIT_REACHED',
    like({ appealCount: 1 }),
  );
  const late = await inState('repudiated');
  await sql(`update claims set repudiated_at = now() - interval '31 days' where id = ?`, [late.id]);
  expectError(
    t,
    await api.as(admin).post(`/claims/${late.id}/appeal`, { reason: 'late' }),
    422,
    'APPEAL_LIMIT_REACHED',
    like({ windowDays: 30 }),
  );
  const inTime = await inState('repudiated');
  await sql(`update claims set repudiated_at = now() - interval '29 days' where id = ?`, [inTime.id]);
  t.is(
    expectData(t, await api.as(admin).post(`/claims/${inTime.id}/appeal`, { reason: 'in time' })).status,
    'appealed',
  );
});

test('a settled claim closes only when fully paid: else 422 OUTSTANDING_PAYMENTS', async (t) => {
  const claim = await inState('settled');
  const pay = (amountMinor: number) =>
    api.as(admin).post(`/claims/${claim.id}/payments`, {
      amount: { amountMinor, currency: 'KES' },
      method: 'bank_transfer',
      reference: `ref-${amountMinor}`,
      paidAt: new Date().toISOString(),
    });
  expectError(
    t,
    await api.as(admin).post(`/claims/${claim.id}/close`),
    422,
    'OUTSTANDING_PAYMENTS',
    like({ settledAmountMinor: 300_000, paidAmountMinor: 0 }),
  );
  expectData(t, await pay(200_000), 201);
  expectError(t, await api.as(admin).post(`/claims/${claim.id}/close`), 422, 'OUTSTANDING_PAYMENTS');
  expectData(t, await pay(100_000), 201);
  t.is(expectData(t, await api.as(admin).post(`/claims/${claim.id}/close`)).status, 'closed');
});

test('each action needs its permission', async (t) => {
  const reader = await given.user(stack, { permissions: ['claim:read'] });
  const claim = await fileClaim(api.as(admin), policyId);
  const needs: [string, string, unknown][] = [
    ['assign', 'claim:assign', { assigneeId: admin.id }],
    ['review', 'claim:review', undefined],
    ['investigate', 'claim:review', undefined],
    ['request-documents', 'claim:review', {}],
    ['settle', 'claim:settle', { amount: { amountMinor: 1, currency: 'KES' } }],
    ['repudiate', 'claim:settle', { reason: 'x' }],
    ['withdraw', 'claim:withdraw', { reason: 'x' }],
    ['appeal', 'claim:appeal', { reason: 'x' }],
    ['close', 'claim:close', undefined],
    ['notes', 'claim:note', { body: 'x' }],
  ];
  for (const [path, permission, body] of needs)
    expectError(
      t,
      await api.as(reader).post(`/claims/${claim.id}/${path}`, body),
      403,
      'FORBIDDEN',
      { missingPermissions: [permission] },
      path,
    );
});
