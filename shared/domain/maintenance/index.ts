/** Maintenance: the clean-up jobs of the write path and of sign-in protection. */

import { defineJob } from '../../kernel/jobs.js';
import { defineDomain } from '../../kernel/manifest.js';
import { CLEAN_OUTBOX, FORGET_SIGN_IN_RECORDS, PURGE_IDEMPOTENCY } from './maintenance.jobs.js';
import { cleanOutbox, forgetSignInRecords, purgeIdempotencyRecords } from './maintenance.js';
import { OPERATIONS_PERMISSIONS } from './maintenance.permissions.js';

export { cleanOutbox, forgetSignInRecords, purgeIdempotencyRecords } from './maintenance.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const maintenanceDomain = defineDomain({
  name: 'maintenance',
  permissions: OPERATIONS_PERMISSIONS,
  entities: [],
  jobs: [
    defineJob(PURGE_IDEMPOTENCY, {
      process: async (deps) => ({ purged: await purgeIdempotencyRecords(deps) }),
      summary: ({ purged }) => `purged ${purged} idempotency records`,
    }),
    defineJob(CLEAN_OUTBOX, {
      process: async (deps) => ({ deleted: await cleanOutbox(deps) }),
      summary: ({ deleted }) => `deleted ${deleted} relayed outbox rows`,
    }),
    defineJob(FORGET_SIGN_IN_RECORDS, { process: (deps) => forgetSignInRecords(deps) }),
  ],
});
