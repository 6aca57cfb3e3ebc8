import { definePermissions } from '../../kernel/permissions.js';
import { definePublishedEvents } from '../../kernel/published-events.js';

/** The renewals domain's permissions (GET /permissions lists every domain's). */
export const RENEWAL_PERMISSIONS = definePermissions({
  'renewal:read': 'Read renewals',
  'renewal:generate': 'Generate renewals',
  'renewal:offer': 'Offer renewals',
  'renewal:decide': 'Accept and decline renewals',
  'renewal:convert': 'Convert renewals into new policies',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof RENEWAL_PERMISSIONS, string> {}
}

/** The integration events the renewals domain publishes (GET /events, outbound webhooks). */
export const RENEWAL_EVENTS = definePublishedEvents({
  'renewal.offered': { means: 'A renewal was offered to the holder', data: 'Renewal' },
  'renewal.converted': { means: 'A renewal became the next policy (policy.issued follows)', data: 'Renewal' },
});

declare module '../../kernel/published-events.js' {
  interface PublishedEventCatalogue extends Record<keyof typeof RENEWAL_EVENTS, string> {}
}
