import test from 'ava';
import { type DemoSummary, seedDemoData } from '../../scripts/demo.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../../shared/domain/identity/index.js';
import { client } from '../helpers/client.js';
import { expectData, expectError, like } from '../helpers/expect.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

/** `npm run db:seed`: a data set to explore, with every status of policies and renewals, made once. */
let stack: Stack;
let summary: DemoSummary;
test.before(async () => {
  stack = await startStack();
  summary = await seedDemoData(stack.app.deps);
});
test.after.always(async () => {
  await stack?.close();
});

test('the demo data has policies and renewals in every status, endorsements pending and approved, and accounts that sign in', async (t) => {
  t.true(summary.created);
  t.deepEqual(Object.keys(summary.policies).sort(), [
    'active',
    'cancelled',
    'expired',
    'lapsed',
    'reinstated',
    'renewed',
  ]);
  t.deepEqual(Object.keys(summary.renewals).sort(), [
    'accepted',
    'converted',
    'declined',
    'lapsed',
    'offered',
    'pending',
  ]);
  t.deepEqual(Object.keys(summary.endorsements).sort(), ['approved', 'pending']);
  t.true(Object.values(summary.policies).reduce((a, b) => a + b, 0) >= 300);
  t.deepEqual([...new Set(summary.accounts.map((a) => a.insurerId).filter(Boolean))].sort(), [
    'coastline-assurance',
    'savanna-mutual',
  ]);

  // The README's sign-in works, and an agent sees only their own policies.
  const admin = await given.login(stack, { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD });
  const api = client(stack.app);
  const all = expectData(t, await api.as(admin).get('/policies?limit=100'));
  t.is(all.length, 100);
  const agent = await given.login(stack, { email: 'agent1@demo.example', password: DEMO_PASSWORD });
  const own = expectData(t, await api.as(agent).get('/policies?limit=100'));
  t.true(own.length > 0);
  t.true(own.every((p: any) => p.agentId === agent.user.id));

  t.false((await seedDemoData(stack.app.deps)).created, 'a second run changes nothing');
});

/** The day `days` from today (UTC), as the service's dates read. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the demo shows the premium states: a quarterly policy with one instalment overdue, and one lapsed by the sweep', async (t) => {
  const admin = await given.login(stack, { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD });
  const api = client(stack.app).as(admin);
  const today = day(0);

  // docs/premiums.md: GET /policies?q=overdue, in arrears and still active, one instalment overdue.
  const [overdue, ...more] = expectData(t, await api.get('/policies?q=overdue&hasArrears=true'));
  t.is(more.length, 0);
  t.like(overdue, { holder: { name: 'Zuri Overdue' }, status: 'active', premiumFrequency: 'quarterly' });
  const instalments = expectData(t, await api.get(`/policies/${overdue.id}/premiums`));
  t.is(instalments.length, 4);
  t.deepEqual(
    instalments.map((i: any) => i.status),
    ['paid', 'overdue', 'due', 'due'],
  );
  t.true(instalments[1].dueOn < today && instalments[1].dueOn >= day(-30), 'overdue within the grace period');
  t.true(
    instalments.slice(2).every((i: any) => i.dueOn > today),
    'the others not yet due',
  );

  // GET /policies?status=lapsed&q=lapsed: lapsed by the daily sweep, as its timeline and audit trail say.
  const [lapsed, ...others] = expectData(t, await api.get('/policies?status=lapsed&q=lapsed'));
  t.is(others.length, 0);
  t.like(lapsed, { holder: { name: 'Jabari Lapsed' }, status: 'lapsed', premiumFrequency: 'monthly' });
  t.truthy(lapsed.lapsedAt);
  const timeline = expectData(t, await api.get(`/policies/${lapsed.id}/timeline?limit=100`));
  const entry = timeline.find((e: any) => e.type === 'policy.lapsed');
  t.like(entry, { actor: 'system', data: { from: 'active', reason: 'premium overdue past its grace period' } });
  const owed = expectData(t, await api.get(`/policies/${lapsed.id}/premiums`)).filter(
    (i: any) => i.status === 'overdue',
  );
  t.true(owed.length >= 1 && owed[0].dueOn < day(-30), 'an instalment overdue past the grace period');
  // Reinstating it is refused until its arrears are paid (a refusal writes nothing).
  expectError(
    t,
    await api.post(`/policies/${lapsed.id}/reinstate`, { reason: 'Holder asks' }),
    422,
    'ARREARS_OUTSTANDING',
    like({ totalMinor: owed.reduce((sum: number, i: any) => sum + i.amount.amountMinor, 0) }),
  );

  // Only the sweep lapses a policy: no active policy is left overdue past the grace period.
  const stale = expectData(t, await api.get(`/policies?status=active&premiumDueBefore=${day(-31)}`));
  t.is(stale.length, 0);
});
