import { definePermissions } from '../../kernel/permissions.js';

/** The access domain's permissions (GET /permissions lists every domain's). */
export const ACCESS_PERMISSIONS = definePermissions({
  'data:scope:all': 'See records of every agent and insurer',
  'role:read': 'List and read roles and the permission catalogue',
  'role:write': 'Create, update and delete roles, set their permissions, assign them to users',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof ACCESS_PERMISSIONS, string> {}
}
