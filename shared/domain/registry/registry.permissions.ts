import { definePermissions } from '../../kernel/permissions.js';

/** The registry domain's permissions (GET /permissions lists every domain's). */
export const REGISTRY_PERMISSIONS = definePermissions({
  'webhook:read': 'Look up received registry webhook events: status, attempts, last error, times',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof REGISTRY_PERMISSIONS, string> {}
}
