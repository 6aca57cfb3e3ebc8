import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000100_foundation } from './Migration20261122000100_foundation.js';
import { Migration20261122000200_identity } from './Migration20261122000200_identity.js';

/** Every migration, in order. Listed explicitly so compiled and tsx runs apply the same set. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000100_foundation', class: Migration20261122000100_foundation },
  { name: 'Migration20261122000200_identity', class: Migration20261122000200_identity },
];
