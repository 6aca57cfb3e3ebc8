import { definePermissions } from '../../kernel/permissions.js';
import { definePublishedEvents } from '../../kernel/published-events.js';

/** The premiums domain's permissions (GET /permissions lists every domain's). */
export const PREMIUM_PERMISSIONS = definePermissions({
  'premium:collect': 'Record premium payments on policies',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof PREMIUM_PERMISSIONS, string> {}
}

/** The integration events the premiums domain publishes (GET /events, outbound webhooks). */
export const PREMIUM_EVENTS = definePublishedEvents({
  'premium.paid': { means: 'A premium payment was recorded on an instalment', data: 'PremiumPayment' },
});

declare module '../../kernel/published-events.js' {
  interface PublishedEventCatalogue extends Record<keyof typeof PREMIUM_EVENTS, string> {}
}
