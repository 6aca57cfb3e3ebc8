import { definePermissions } from '../../kernel/permissions.js';
import { definePublishedEvents } from '../../kernel/published-events.js';

/** The claims domain's permissions (GET /permissions lists every domain's). */
export const CLAIM_PERMISSIONS = definePermissions({
  'claim:read': 'Read claims and catastrophe events',
  'claim:file': 'File claims',
  'claim:assign': 'Assign claims',
  'claim:review': 'Review, investigate and request documents on claims',
  'claim:settle': 'Settle and repudiate claims',
  'claim:pay': 'Record claim payments',
  'claim:close': 'Close claims',
  'claim:withdraw': 'Withdraw claims',
  'claim:appeal': 'Appeal repudiated claims',
  'claim:note': 'Add notes and documents to claims',
  'claim:catastrophe:write': 'Create and update catastrophe events',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof CLAIM_PERMISSIONS, string> {}
}

/** The integration events the claims domain publishes (GET /events, outbound webhooks); data: the claim without its records. */
export const CLAIM_EVENTS = definePublishedEvents({
  'claim.filed': { means: 'A claim was filed', data: 'Claim' },
  'claim.settled': { means: 'A claim was settled', data: 'Claim' },
  'claim.repudiated': { means: 'A claim was repudiated', data: 'Claim' },
  'claim.payment_recorded': { means: 'A payment of a settled claim was recorded', data: 'ClaimPayment' },
  'claim.closed': { means: 'A claim was closed', data: 'Claim' },
});

declare module '../../kernel/published-events.js' {
  interface PublishedEventCatalogue extends Record<keyof typeof CLAIM_EVENTS, string> {}
}
