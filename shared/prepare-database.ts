import { PERMISSION_NAMES } from './catalogues.js';
import type { Config } from './config/index.js';
import { db } from './db/database.js';
import { migrate, type Orm } from './db/orm.js';
import { createOrm, domains } from './domains.js';
import type { DomainManifest } from './kernel/manifest.js';
import type { Seed } from './kernel/seed.js';
import { type AuditInput, SYSTEM_ACTOR, UnitOfWork } from './kernel/unit-of-work.js';
import { createLogger } from './logger.js';

const SEED_LOCK = 7_262_002;

/**
 * Seeds what every install has: each domain's `seed`, in the order of the domains (the system roles,
 * then the bootstrap admin when BOOTSTRAP_ADMIN_* is set and there are no users yet). Runs at every
 * start; idempotent, in one transaction with its audit entries, and serialised so processes starting
 * together do not race.
 */
export async function seedReferenceData(
  orm: Orm,
  config?: Pick<Config, 'BOOTSTRAP_ADMIN_EMAIL' | 'BOOTSTRAP_ADMIN_PASSWORD'>,
): Promise<{ bootstrapAdminCreated: boolean }> {
  const seeds = (domains as readonly DomainManifest[]).flatMap((d) => (d.seed ? [d.seed] : [])) as Seed[];
  return new UnitOfWork(orm).run({ actor: SYSTEM_ACTOR }, async (em) => {
    // Held to COMMIT: processes starting together seed one after the other.
    await db(em)
      .selectNoFrom((eb) => eb.fn<void>('pg_advisory_xact_lock', [eb.lit(SEED_LOCK)]).as('locked'))
      .execute();
    const made: Record<string, boolean> = {};
    const audit: AuditInput[] = [];
    for (const seed of seeds) {
      const done = await seed(em, { config, permissions: PERMISSION_NAMES });
      Object.assign(made, done.made);
      audit.push(...(done.audit ?? []));
    }
    return { result: { bootstrapAdminCreated: made.bootstrapAdminCreated === true }, audit };
  });
}

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
