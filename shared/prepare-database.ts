import type { Config } from './config/index.js';
import { migrate, type Orm } from './db/orm.js';
import { seedReferenceData } from './db/seed.js';
import { createOrm } from './domains.js';
import { createLogger } from './logger.js';

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

/** The release step (scripts/migrate.ts) once its settings are checked. */
export async function releaseDatabase(config: Config): Promise<void> {
  const log = createLogger(config.LOG_LEVEL, 'migrate');
  const orm = await createOrm(config, 'insurance-migrate');
  try {
    const applied = await prepareDatabase(orm, config);
    log.info({ applied }, applied.length ? 'migrations applied' : 'database up to date');
  } finally {
    await orm.close();
  }
}
