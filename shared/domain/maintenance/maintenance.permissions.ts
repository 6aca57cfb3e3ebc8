import { definePermissions } from '../../kernel/permissions.js';

/** The maintenance domain's permissions (GET /permissions lists every domain's). */
export const OPERATIONS_PERMISSIONS = definePermissions({
  'system:read': 'Read system information and queue counts',
  'queue:admin': 'Open Bull Board to inspect and retry jobs',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof OPERATIONS_PERMISSIONS, string> {}
}
