import { definePermissions } from '../../kernel/permissions.js';
import { definePublishedEvents } from '../../kernel/published-events.js';

/** The disputes domain's permissions (GET /permissions lists every domain's). */
export const DISPUTE_PERMISSIONS = definePermissions({
  'dispute:read': 'Read disputes',
  'dispute:raise': 'Raise disputes',
  'dispute:triage': 'Triage disputes',
  'dispute:resolve': 'Resolve disputes',
  'dispute:withdraw': 'Withdraw disputes',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof DISPUTE_PERMISSIONS, string> {}
}

/** The integration events the disputes domain publishes (GET /events, outbound webhooks). */
export const DISPUTE_EVENTS = definePublishedEvents({
  'dispute.escalated': { means: 'A dispute was escalated', data: 'Dispute' },
  'dispute.resolved': { means: 'A dispute was resolved', data: 'Dispute' },
});

declare module '../../kernel/published-events.js' {
  interface PublishedEventCatalogue extends Record<keyof typeof DISPUTE_EVENTS, string> {}
}
