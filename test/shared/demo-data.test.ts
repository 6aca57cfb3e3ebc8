import test from 'ava';
import { seedDemoData } from '../../scripts/demo.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../../shared/domain/identity/index.js';
import { client } from '../helpers/client.js';
import { expectData } from '../helpers/expect.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

/** `npm run db:seed`: a data set to explore, with every status of policies and renewals, made once. */
let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

test('the demo data has policies and renewals in every status, endorsements pending and approved, and accounts that sign in', async (t) => {
  const summary = await seedDemoData(stack.app.deps);
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
