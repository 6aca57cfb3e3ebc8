import { definePermissions } from '../../kernel/permissions.js';

/** The audit domain's permissions (GET /permissions lists every domain's). */
export const AUDIT_PERMISSIONS = definePermissions({
  'audit:read': 'Read and verify the audit trail',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof AUDIT_PERMISSIONS, string> {}
}
