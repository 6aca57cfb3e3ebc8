import { definePermissions } from '../../kernel/permissions.js';

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
