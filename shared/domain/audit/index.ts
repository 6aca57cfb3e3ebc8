/** The audit trail as the rest of the service sees it: its schemas, its list and the chain's verification. */
export { AUDIT_TAG, AuditEntry, AuditFilters, AuditVerdict } from './audit.schemas.js';
export { chainAuditEntries } from './chain.js';
export { AUDIT_LIST, listAuditEntries } from './queries.js';
export { verifyAuditChain, verifyAuditChainAs } from './verify.js';
