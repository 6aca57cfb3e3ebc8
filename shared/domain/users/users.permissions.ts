import { definePermissions } from '../../kernel/permissions.js';

/** The users domain's permissions (GET /permissions lists every domain's). */
export const USER_PERMISSIONS = definePermissions({
  'user:read': 'List and read users',
  'user:write': 'Create and update users',
  'user:activate': 'Activate users',
  'user:suspend': 'Suspend and archive users',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof USER_PERMISSIONS, string> {}
}
