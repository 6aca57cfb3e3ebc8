import test, { type ExecutionContext } from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';

/** Four eyes on endorsements: whoever created one does not approve it, whatever they hold. */
let { stack, api, admin, colleague } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin, colleague } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const endorse = async (t: ExecutionContext, who: SignedIn, policyId: string) =>
  expectData(
    t,
    await api.as(who).post(`/policies/${policyId}/endorsements`, {
      type: 'premium',
      description: 'Premium raised',
      effectiveDate: new Date().toISOString().slice(0, 10),
      changes: { premium: { amountMinor: 7_777, currency: 'KES' } },
    }),
    201,
  );

test('the user who created an endorsement cannot approve it, admin as they are: 403 four_eyes, nothing applied; another user approves it', async (t) => {
  const policy = await given.policy(stack, { agentId: admin.id });
  const created = await endorse(t, admin, policy.id);
  const approve = (who: SignedIn) => api.as(who).post(`/policies/${policy.id}/endorsements/${created.id}/approve`);
  expectError(t, await approve(admin), 403, 'FORBIDDEN', { reason: 'four_eyes' });
  const [row] = await sql(
    `select n.status, p.premium_minor::int as premium from endorsements n join policies p on p.id = n.policy_id where n.id = ?`,
    [created.id],
  );
  t.deepEqual(row, { status: 'pending', premium: 5_000_000 });
  const approved = expectData(t, await approve(colleague));
  t.like(approved.endorsement, { status: 'approved', createdBy: admin.id, approvedBy: colleague.id });
  t.is(approved.policy.premium.amountMinor, 7_777);
});

test('an underwriter cannot approve their own endorsement, but approves one an agent proposed', async (t) => {
  const agent = await given.user(stack, { roles: ['agent'] });
  const underwriter = await given.user(stack, { roles: ['underwriter'] });
  const policy = await given.policy(stack, { agentId: agent.id });
  const own = await endorse(t, underwriter, policy.id);
  expectError(
    t,
    await api.as(underwriter).post(`/policies/${policy.id}/endorsements/${own.id}/approve`),
    403,
    'FORBIDDEN',
    { reason: 'four_eyes' },
  );
  const proposed = await endorse(t, agent, policy.id);
  t.is(
    expectData(t, await api.as(underwriter).post(`/policies/${policy.id}/endorsements/${proposed.id}/approve`))
      .endorsement.status,
    'approved',
  );
});
