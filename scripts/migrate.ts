import { type Config, loadConfig } from '../shared/config/index.js';
import { createOrm, migrate, type Orm } from '../shared/db/orm.js';
import { seedReferenceData } from '../shared/db/seed.js';
import { createLogger } from '../shared/logger.js';
import { isEntry, runMain } from '../shared/process.js';

/**
 * Creates the database when it does not exist, applies pending migrations and seeds reference data;
 * safe to run on every start and deploy.
 */
export async function prepareDatabase(orm: Orm, config: Config): Promise<string[]> {
  // Creates an empty database only; the schema comes from the migrations below.
  await orm.schema.ensureDatabase();
  const applied = await migrate(orm);
  const { bootstrapAdminCreated } = await seedReferenceData(orm, config);
  if (bootstrapAdminCreated) process.stdout.write(`Bootstrap admin ${config.BOOTSTRAP_ADMIN_EMAIL} created\n`);
  return applied;
}

if (isEntry(import.meta.url)) {
  runMain(async () => {
    const config = loadConfig();
    const log = createLogger(config.LOG_LEVEL, 'migrate');
    const orm = await createOrm(config, 'insurance-migrate');
    try {
      const applied = await prepareDatabase(orm, config);
      log.info({ applied }, applied.length ? 'migrations applied' : 'database up to date');
    } finally {
      await orm.close();
    }
  });
}
