import test, { type ExecutionContext } from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/** Conflicting actions on one policy, fired in parallel: exactly the serial outcomes, nothing half-applied. */
let { stack, api, admin, colleague: approver } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin, colleague: approver } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();
const endorse = async (t: ExecutionContext, policyId: string) =>
  expectData(
    t,
    await api.as(admin).post(`/policies/${policyId}/endorsements`, {
      type: 'premium',
      description: 'raise',
      effectiveDate: new Date().toISOString().slice(0, 10),
      changes: { premium: { amountMinor: 9_999, currency: 'KES' } },
    }),
    201,
  );

test('two cancels of one policy: one answers 200, the other 422, and one cancellation is recorded', async (t) => {
  for (let round = 0; round < 5; round++) {
    const policy = await given.policy(stack, { agentId: admin.id });
    const url = `/policies/${policy.id}/cancel`;
    const responses = await Promise.all([
      api.as(admin).post(url, { reason: 'a' }),
      api.as(admin).post(url, { reason: 'b' }),
    ]);
    t.deepEqual(statuses(responses), [200, 422]);
    const [{ n }] = await sql(
      `select count(*)::int as n from audit_entries where action = 'policy.cancel' and subject_id = ?`,
      [policy.id],
    );
    t.is(n, 1);
  }
});

test('two approvals of one endorsement: one answers 200, the other 422, and the change is applied once', async (t) => {
  for (let round = 0; round < 5; round++) {
    const policy = await given.policy(stack, { agentId: admin.id });
    const e = await endorse(t, policy.id);
    const url = `/policies/${policy.id}/endorsements/${e.id}/approve`;
    const responses = await Promise.all([api.as(approver).post(url), api.as(approver).post(url)]);
    t.deepEqual(statuses(responses), [200, 422]);
    const events = await sql(`select type from domain_events where stream_id = ? and type = 'endorsement.approved'`, [
      policy.id,
    ]);
    t.is(events.length, 1);
  }
});

test('cancel against endorsement approval: either the approval lands before the cancellation or it is refused, never applied to a cancelled policy', async (t) => {
  const outcomes = new Set<string>();
  for (let round = 0; round < 8; round++) {
    const policy = await given.policy(stack, { agentId: admin.id });
    const e = await endorse(t, policy.id);
    const [approve, cancel] = await Promise.all([
      api.as(approver).post(`/policies/${policy.id}/endorsements/${e.id}/approve`),
      api.as(admin).post(`/policies/${policy.id}/cancel`, { reason: 'race' }),
    ]);
    t.is(cancel.statusCode, 200, 'the cancellation wins either way');
    const [row] = await sql(
      `select p.status, p.premium_minor::int as premium, n.status as endorsement from policies p join endorsements n on n.policy_id = p.id where n.id = ?`,
      [e.id],
    );
    t.is(row.status, 'cancelled');
    if (approve.statusCode === 200) {
      // Serially first: applied, then the policy was cancelled.
      t.deepEqual([row.endorsement, row.premium], ['approved', 9_999]);
      outcomes.add('approved first');
    } else {
      // The cancellation withdrew it: refused, and the premium is untouched.
      t.is(approve.statusCode, 422);
      t.is(approve.json().error.code, 'INVALID_TRANSITION');
      t.deepEqual([row.endorsement, row.premium], ['withdrawn', 5_000_000]);
      outcomes.add('cancelled first');
    }
  }
  t.log([...outcomes].join(', '));
});
