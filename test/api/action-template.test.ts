import test, { type ExecutionContext } from 'ava';
import { CLAIM_WORKFLOW } from '../../shared/domain/claims/index.js';
import { ENDORSEMENT_WORKFLOW, POLICY_WORKFLOW } from '../../shared/domain/policies/index.js';
import { fileClaim } from '../helpers/claims.js';
import { type Api, client } from '../helpers/client.js';
import { sqlOn } from '../helpers/db.js';
import { expectData, expectError } from '../helpers/expect.js';
import { given, type SignedIn } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

/**
 * What the one action template (shared/kernel/action.ts) guarantees every workflow route, shown on two
 * domains: out of scope is the 404 of a missing record, a move the table does not allow is 422
 * INVALID_TRANSITION with its details, the row lock makes one of two concurrent actions win, and a
 * success writes one audit entry.
 */
let stack: Stack;
let api: Api;
let admin: SignedIn;
/** Files the claims the admin works: four eyes keep a filer from settling their own. */
let filer: SignedIn;
/** An agent who may take the actions, on their own records only. */
let outsider: SignedIn;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  admin = await given.admin(stack);
  filer = await given.admin(stack);
  outsider = await given.user(stack, {
    permissions: [
      'claim:read',
      'claim:review',
      'policy:read',
      'policy:cancel',
      'policy:reinstate',
      'policy:endorsement:approve',
    ],
  });
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const MISSING = '01900000-0000-7000-8000-000000000000';
const auditCount = async (action: string, subjectId: string) =>
  (
    await sql(`select count(*)::int as n from audit_entries where action = ? and subject_id = ?`, [action, subjectId])
  )[0].n as number;

const domains = [
  {
    name: 'claims',
    record: async () => (await fileClaim(api.as(filer), (await given.policy(stack, { agentId: admin.id })).id)).id,
    action: (id: string) => `/claims/${id}/review`,
    audit: CLAIM_WORKFLOW.steps.review.audit,
    wrongState: { path: (id: string) => `/claims/${id}/close`, from: 'filed', action: 'close', body: undefined },
    allowedFrom: CLAIM_WORKFLOW.steps.close.from,
  },
  {
    name: 'policies',
    record: async () => (await given.policy(stack, { agentId: admin.id })).id,
    action: (id: string) => `/policies/${id}/cancel`,
    body: { reason: 'Customer request' },
    audit: POLICY_WORKFLOW.steps.cancel.audit,
    wrongState: {
      path: (id: string) => `/policies/${id}/reinstate`,
      from: 'active',
      action: 'reinstate',
      body: { reason: 'because' },
    },
    allowedFrom: POLICY_WORKFLOW.steps.reinstate.from,
  },
];

for (const d of domains) {
  const post = (who: SignedIn, path: string, body = d.body) => api.as(who).post(path, body);

  test(`${d.name}: a record outside the caller's scope answers the 404 of a missing one, and nothing changes`, async (t) => {
    const id = await d.record();
    const hidden = expectError(t, await post(outsider, d.action(id)), 404, 'NOT_FOUND');
    const missing = expectError(t, await post(outsider, d.action(MISSING)), 404, 'NOT_FOUND');
    t.deepEqual(hidden, missing);
    t.is(await auditCount(d.audit, id), 0);
  });

  test(`${d.name}: a move the table does not allow answers 422 INVALID_TRANSITION with from, action and allowedFrom`, async (t) => {
    const id = await d.record();
    expectError(t, await post(admin, d.wrongState.path(id), d.wrongState.body), 422, 'INVALID_TRANSITION', {
      from: d.wrongState.from,
      action: d.wrongState.action,
      allowedFrom: [...d.allowedFrom],
    });
  });

  test(`${d.name}: the same action twice at once on one record: exactly one succeeds, one audit entry`, async (t) => {
    for (let round = 0; round < 3; round++) {
      const id = await d.record();
      const responses = await Promise.all([post(admin, d.action(id)), post(admin, d.action(id))]);
      t.deepEqual(responses.map((r) => r.statusCode).sort(), [200, 422], 'one wins, the other finds it moved on');
      checkLoser(t, responses.find((r) => r.statusCode === 422)!.json());
      t.is(await auditCount(d.audit, id), 1);
    }
  });

  test(`${d.name}: a success writes one audit entry with from and to`, async (t) => {
    const id = await d.record();
    t.is((await post(admin, d.action(id))).statusCode, 200);
    const rows = await sql(`select actor, summary from audit_entries where action = ? and subject_id = ?`, [
      d.audit,
      id,
    ]);
    t.is(rows.length, 1);
    t.is(rows[0].actor, admin.id);
    t.truthy(rows[0].summary.from);
    t.truthy(rows[0].summary.to);
  });
}

function checkLoser(t: ExecutionContext, body: { error: { code: string; details: { action: string } } }) {
  t.is(body.error.code, 'INVALID_TRANSITION');
  t.truthy(body.error.details.action);
}

/** An endorsement is found on the policy its path names, itself locked in the caller's scope first. */
const endorsement = async (t: ExecutionContext) => {
  const policy = await given.policy(stack, { agentId: admin.id });
  const created = expectData(
    t,
    await api.as(filer).post(`/policies/${policy.id}/endorsements`, {
      type: 'premium',
      description: 'Premium raised',
      effectiveDate: new Date().toISOString().slice(0, 10),
      changes: { premium: { amountMinor: 7_777, currency: 'KES' } },
    }),
    201,
  );
  return {
    id: created.id as string,
    approve: (who: SignedIn) => api.as(who).post(`/policies/${policy.id}/endorsements/${created.id}/approve`),
  };
};
const APPROVE = ENDORSEMENT_WORKFLOW.steps.approve.audit;

test("endorsements: on a policy outside the caller's scope, approval answers the 404 of a missing one, and nothing changes", async (t) => {
  const e = await endorsement(t);
  const hidden = expectError(t, await e.approve(outsider), 404, 'NOT_FOUND');
  const missing = (path: string) => api.as(outsider).post(`/policies/${path}/approve`);
  t.deepEqual(hidden, expectError(t, await missing(`${MISSING}/endorsements/${e.id}`), 404, 'NOT_FOUND'));
  const own = await given.policy(stack, { agentId: outsider.id });
  const elsewhere = expectError(t, await missing(`${own.id}/endorsements/${e.id}`), 404, 'NOT_FOUND');
  t.is(elsewhere.message, 'No such endorsement on this policy', 'not on the policy the path names');
  t.is(await auditCount(APPROVE, e.id), 0);
});

test('endorsements: the same approval twice at once: exactly one succeeds, the other is 422 INVALID_TRANSITION from approved, one audit entry', async (t) => {
  for (let round = 0; round < 3; round++) {
    const e = await endorsement(t);
    const responses = await Promise.all([e.approve(admin), e.approve(admin)]);
    t.deepEqual(responses.map((r) => r.statusCode).sort(), [200, 422]);
    expectError(t, responses.find((r) => r.statusCode === 422)!, 422, 'INVALID_TRANSITION', {
      from: 'approved',
      action: 'approve',
      allowedFrom: [...ENDORSEMENT_WORKFLOW.steps.approve.from],
    });
    t.is(await auditCount(APPROVE, e.id), 1);
  }
});
