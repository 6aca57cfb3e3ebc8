import type { Registry } from 'prom-client';
import type { Config } from '../config/index.js';
import type { EntityManager, Orm } from '../db/orm.js';
import type { ReadReplicas } from '../db/replicas.js';
import type { Logger } from '../logger.js';
import type { RedisClient as Redis } from '../redis.js';
import type { Clock } from './clock.js';
import type { PermissionCatalogue } from './permissions.js';
import type { PublishedEventSpec, PublishedEventType } from './published-events.js';
import type { QueueSet } from './queue-set.js';
import type { UnitOfWork } from './unit-of-work.js';

/**
 * What domain services are given: the same object in the API and in the workers. A domain that needs
 * a service of its own (identity's token signers) adds it here by declaration merging, in a file of
 * its own, and makes it in its manifest's `provide`; the composition root (shared/services.ts) puts
 * them together.
 */
export interface ServiceDeps {
  config: Config;
  orm: Orm;
  uow: UnitOfWork;
  log: Logger;
  /** What time and day it is (clock.ts). */
  clock: Clock;
  /** The read replicas of DATABASE_READ_URL, in a web process that has them (reads.ts chooses when they are used). */
  replicas?: ReadReplicas;
  /** Every permission of every domain, with its description, in the order of the domains. */
  permissions: Readonly<PermissionCatalogue>;
  /** Every integration event type the domains publish, with what it means. */
  publishedEvents: Readonly<Record<PublishedEventType, PublishedEventSpec>>;
}

/** What job processors are given: the services' deps and the worker's outbound channels (domains add theirs, e.g. mail). */
export interface JobDeps extends ServiceDeps {
  /** For jobs that fan out into jobs of their own (the renewal sweep). */
  queues: QueueSet;
  /** The worker process's metrics registry (its /metrics), for counts a domain keeps of its own. */
  metrics?: Registry;
}

/** What a domain's manifest is given to make its own services. */
export interface ProvideContext {
  config: Config;
  redis: Redis;
  log: Logger;
}

/** A domain's own services, and what it does once a unit of work has committed (e.g. publish what changed). */
export interface Provided {
  deps: object;
  afterCommit?: (tx: EntityManager) => Promise<void>;
}
