import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config/index.js';
import type { AuditInput } from './unit-of-work.js';

/** What a domain's reference-data seed is given: the settings and the whole permission catalogue. */
export interface SeedContext {
  config?: Pick<Config, 'BOOTSTRAP_ADMIN_EMAIL' | 'BOOTSTRAP_ADMIN_PASSWORD'>;
  permissions: readonly string[];
}

/**
 * What every install has, seeded by a domain at every start (idempotent), in one transaction with the
 * other domains' seeds, in the order of the domains: the audit entries it writes and what it made.
 */
export type Seed = (
  em: EntityManager,
  context: SeedContext,
) => Promise<{ audit?: AuditInput[]; made?: Record<string, boolean> }>;
