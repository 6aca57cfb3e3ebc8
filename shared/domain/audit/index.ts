/** The audit trail as the rest of the service sees it: its schemas, its list and the chain's verification. */

import { defineJob } from '../../kernel/jobs.js';
import { defineDomain } from '../../kernel/manifest.js';
import { CHAIN_AUDIT } from './audit.jobs.js';
import { AUDIT_PERMISSIONS } from './audit.permissions.js';
import { chainAuditEntries } from './chain.js';

export { AUDIT_TAG, AuditEntry, AuditFilters, AuditVerdict } from './audit.schemas.js';
export { chainAuditEntries } from './chain.js';
export { AUDIT_LIST, listAuditEntries } from './queries.js';
export { verifyAuditChain, verifyAuditChainAs } from './verify.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const auditDomain = defineDomain({
  name: 'audit',
  permissions: AUDIT_PERMISSIONS,
  entities: [],
  jobs: [
    defineJob(CHAIN_AUDIT, {
      process: (deps) => chainAuditEntries(deps.orm),
      summary: ({ chained, lastSeq }) => `chained ${chained} entries (chain head at seq ${lastSeq})`,
    }),
  ],
});
