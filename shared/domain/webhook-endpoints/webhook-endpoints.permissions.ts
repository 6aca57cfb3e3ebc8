import { definePermissions } from '../../kernel/permissions.js';

/** The webhook-endpoints domain's permissions (GET /permissions lists every domain's). */
export const WEBHOOK_ENDPOINT_PERMISSIONS = definePermissions({
  'webhook_endpoint:read': 'List and read webhook endpoints and their deliveries (never their secrets)',
  'webhook_endpoint:write': 'Create, change, disable, delete webhook endpoints, rotate their secrets and redeliver',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof WEBHOOK_ENDPOINT_PERMISSIONS, string> {}
}
