import { definePermissions } from '../../kernel/permissions.js';

/** The api-clients domain's permissions (GET /permissions lists every domain's). */
export const API_CLIENT_PERMISSIONS = definePermissions({
  'api_client:read': 'List and read machine clients (never their secrets)',
  'api_client:write': 'Create machine clients, rotate their secrets and revoke them',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof API_CLIENT_PERMISSIONS, string> {}
}
