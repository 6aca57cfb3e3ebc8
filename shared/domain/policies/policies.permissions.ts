import { definePermissions } from '../../kernel/permissions.js';
import { definePublishedEvents } from '../../kernel/published-events.js';

/** The policies domain's permissions (GET /permissions lists every domain's). */
export const POLICY_PERMISSIONS = definePermissions({
  'policy:read': 'Read insurance policies and their timelines',
  'policy:issue': 'Issue insurance policies',
  'policy:cancel': 'Cancel insurance policies',
  'policy:reinstate': 'Reinstate insurance policies',
  'policy:endorse': 'Create endorsements',
  'policy:endorsement:approve': 'Approve endorsements',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof POLICY_PERMISSIONS, string> {}
}

/** The integration events the policies domain publishes (GET /events, outbound webhooks). */
export const POLICY_EVENTS = definePublishedEvents({
  'policy.issued': {
    means: 'A policy was issued (also by converting a renewal or accepting a quotation)',
    data: 'Policy',
  },
  'policy.cancelled': { means: 'A policy was cancelled', data: 'Policy' },
  'policy.reinstated': { means: 'A cancelled or lapsed policy was reinstated', data: 'Policy' },
  'policy.lapsed': { means: 'A policy lapsed for an unpaid premium', data: 'Policy' },
  'policy.endorsed': { means: 'An endorsement was approved and applied to its policy', data: 'Policy' },
});

declare module '../../kernel/published-events.js' {
  interface PublishedEventCatalogue extends Record<keyof typeof POLICY_EVENTS, string> {}
}
