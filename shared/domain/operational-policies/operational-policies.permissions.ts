import { definePermissions } from '../../kernel/permissions.js';

/** The operational-policies domain's permissions (GET /permissions lists every domain's). */
export const OPERATIONAL_POLICY_PERMISSIONS = definePermissions({
  'operational_policy:read': 'Read operational policies',
  'operational_policy:write': 'Create and update operational policies',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof OPERATIONAL_POLICY_PERMISSIONS, string> {}
}
