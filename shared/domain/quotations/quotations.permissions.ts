import { definePermissions } from '../../kernel/permissions.js';
import { definePublishedEvents } from '../../kernel/published-events.js';

/** The quotations domain's permissions (GET /permissions lists every domain's). */
export const QUOTATION_PERMISSIONS = definePermissions({
  'quotation:read': 'Read quotations',
  'quotation:request': 'Request quotations and accept them',
  'quotation:respond': 'Respond to and withdraw quotations',
  'quotation:expire': 'Run the quotation expiry sweep',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof QUOTATION_PERMISSIONS, string> {}
}

/** The integration events the quotations domain publishes (GET /events, outbound webhooks). */
export const QUOTATION_EVENTS = definePublishedEvents({
  'quotation.quoted': { means: 'A quotation was priced', data: 'Quotation' },
  'quotation.accepted': {
    means: 'A quotation was accepted and its policy issued (policy.issued follows)',
    data: 'Quotation',
  },
});

declare module '../../kernel/published-events.js' {
  interface PublishedEventCatalogue extends Record<keyof typeof QUOTATION_EVENTS, string> {}
}
