import { loadConfig } from '../shared/config/index.js';
import { DEMO_PASSWORD } from '../shared/domain/identity/index.js';
import { createOrm } from '../shared/domains.js';
import { createLogger } from '../shared/logger.js';
import { prepareDatabase } from '../shared/prepare-database.js';
import { isEntry, runMain } from '../shared/process.js';
import { createRedis } from '../shared/redis.js';
import { createServiceDeps } from '../shared/services.js';
import { seedDemoData } from './demo.js';

/**
 * `npm run db:seed`: migrates, then fills the database with the demo data set (once: a second run
 * changes nothing) and prints the accounts to sign in with.
 */
if (isEntry(import.meta.url)) {
  runMain(async () => {
    const config = loadConfig();
    const log = createLogger(config.LOG_LEVEL, 'seed');
    const orm = await createOrm(config, 'insurance-seed');
    const redis = createRedis(config, 'command', 'seed');
    try {
      await prepareDatabase(orm, config);
      const summary = await seedDemoData(createServiceDeps(config, orm, log, redis));
      if (!summary.created) {
        process.stdout.write('Demo data is already there (admin@demo.example exists); nothing changed.\n');
        return;
      }
      const lines = [
        `Demo data created. Every account below signs in with the password "${DEMO_PASSWORD}":`,
        ...summary.accounts.map((a) => `  ${a.email.padEnd(34)} ${a.role}${a.insurerId ? ` (${a.insurerId})` : ''}`),
        `Policies by status:     ${JSON.stringify(summary.policies)}`,
        `Renewals by status:     ${JSON.stringify(summary.renewals)}`,
        `Endorsements by status: ${JSON.stringify(summary.endorsements)}`,
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    } finally {
      redis.disconnect();
      await orm.close();
    }
  });
}
