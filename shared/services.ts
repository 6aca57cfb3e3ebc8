import { PERMISSIONS, PUBLISHED_EVENTS } from './catalogues.js';
import type { Config } from './config/index.js';
import type { EntityManager, Orm } from './db/orm.js';
import { domains } from './domains.js';
import { checkJob } from './jobs/catalogue.js';
import { type Clock, systemClock } from './kernel/clock.js';
import type { ServiceDeps } from './kernel/deps.js';
import type { DomainManifest } from './kernel/manifest.js';
import { UnitOfWork } from './kernel/unit-of-work.js';
import type { Logger } from './logger.js';
import type { RedisClient as Redis } from './redis.js';

/**
 * The services' deps, the same object in the API and in the workers: the kernel's (config, ORM, unit
 * of work, log, clock) and what each domain's manifest provides. The unit of work checks jobs against
 * the catalogue and, once committed, runs each domain's after-commit step.
 */
export function createServiceDeps(
  config: Config,
  orm: Orm,
  log: Logger,
  redis: Redis,
  clock: Clock = systemClock,
): ServiceDeps {
  const provided = (domains as readonly DomainManifest[]).flatMap((d) =>
    d.provide ? [d.provide({ config, redis, log })] : [],
  );
  const afterCommits = provided.flatMap((p) => (p.afterCommit ? [p.afterCommit] : []));
  const afterCommit = async (tx: EntityManager) => {
    for (const step of afterCommits) await step(tx);
  };
  return Object.assign(
    {
      config,
      orm,
      log,
      clock,
      permissions: PERMISSIONS,
      publishedEvents: PUBLISHED_EVENTS,
      uow: new UnitOfWork(orm, { checkJob, afterCommit }),
    },
    ...provided.map((p) => p.deps),
  ) as ServiceDeps;
}
