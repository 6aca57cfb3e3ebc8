import test from 'ava';
import { createOrm } from '../../../shared/domains.js';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { createTestDatabase, testConfig } from '../../helpers/stack.js';

const BEFORE_PREMIUMS = 'Migration20261127000700_webhook_endpoints';

test('upgrading: a policy issued before premium schedules gets one waived instalment, so it is neither overdue nor lapsed', async (t) => {
  const orm = await createOrm(testConfig(await createTestDatabase()), 'premiums-migration');
  try {
    // The schema as it was before schedules: a policy whose premium was collected outside the service.
    await orm.migrator.down({ to: BEFORE_PREMIUMS });
    const em = () => orm.em.fork();
    const agentId = uuidv7();
    await em().execute(`insert into users (id, email, name, status) values (?, ?, 'Legacy Agent', 'active')`, [
      agentId,
      `legacy-${agentId}@example.test`,
    ]);
    const policyId = uuidv7();
    await em().execute(
      `insert into policies (id, policy_number, status, agent_id, insurer_id, product_code, holder_name, currency,
         sum_insured_minor, premium_minor, effective_from, effective_to)
       values (?, 'POL-LEGACY-1', 'active', ?, 'insurer-legacy', 'MOTOR', 'Legacy Holder', 'KES', 1000000, 50000,
         current_date - 200, current_date + 165)`,
      [policyId, agentId],
    );
    const applied = (await orm.migrator.up()).map((m) => m.name);
    t.true(applied.includes('Migration20261127000800_premiums'));
    t.true(applied.includes('Migration20261128000200_premium_reminders'));
    const instalments = await em().execute(
      `select seq, status, amount_minor::int as amount from premium_instalments where policy_id = ?`,
      [policyId],
    );
    t.deepEqual(instalments, [{ seq: 1, status: 'waived', amount: 50000 }]);
  } finally {
    await orm.close();
  }
});
