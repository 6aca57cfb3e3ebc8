import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/** Renewal actions fired in parallel: one generation, one conversion, nothing half-applied. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const codes = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

test('five generations of one policy in parallel: one 201, the others 409, one renewal', async (t) => {
  const policy = await given.policy(stack, { agentId: admin.id });
  const responses = await Promise.all(
    Array.from({ length: 5 }, () => api.as(admin).post(`/renewals/policies/${policy.id}/generate`)),
  );
  t.deepEqual(codes(responses), [201, 409, 409, 409, 409]);
  const [{ n }] = await sql(`select count(*)::int as n from renewals where policy_id = ?`, [policy.id]);
  t.is(n, 1);
});

test('two conversions of one renewal in parallel: one 200, one 422, exactly one new policy', async (t) => {
  for (let round = 0; round < 4; round++) {
    const policy = await given.policy(stack, { agentId: admin.id });
    const renewal = expectData(t, await api.as(admin).post(`/renewals/policies/${policy.id}/generate`), 201);
    expectData(
      t,
      await api.as(admin).post(`/renewals/${renewal.id}/offer`, {
        premium: { amountMinor: 10, currency: 'KES' },
        offerExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    const responses = await Promise.all([
      api.as(admin).post(`/renewals/${renewal.id}/convert`),
      api.as(admin).post(`/renewals/${renewal.id}/convert`),
    ]);
    t.deepEqual(codes(responses), [200, 422]);
    const [{ n }] = await sql(`select count(*)::int as n from policies where renewed_from_policy_id = ?`, [policy.id]);
    t.is(n, 1);
  }
});

test('convert against decline in parallel: exactly one wins, and a declined renewal never has a new policy', async (t) => {
  for (let round = 0; round < 4; round++) {
    const policy = await given.policy(stack, { agentId: admin.id });
    const renewal = expectData(t, await api.as(admin).post(`/renewals/policies/${policy.id}/generate`), 201);
    expectData(
      t,
      await api.as(admin).post(`/renewals/${renewal.id}/offer`, {
        premium: { amountMinor: 10, currency: 'KES' },
        offerExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    const [convert, decline] = await Promise.all([
      api.as(admin).post(`/renewals/${renewal.id}/convert`),
      api.as(admin).post(`/renewals/${renewal.id}/decline`, { reason: 'race' }),
    ]);
    t.deepEqual(codes([convert, decline]), [200, 422]);
    const [row] = await sql(
      `select r.status, r.new_policy_id, p.status as policy_status from renewals r join policies p on p.id = r.policy_id where r.id = ?`,
      [renewal.id],
    );
    if (convert.statusCode === 200) t.deepEqual([row.status, row.policy_status], ['converted', 'renewed']);
    else t.deepEqual([row.status, row.new_policy_id, row.policy_status], ['declined', null, 'active']);
  }
});
