import { definePermissions } from '../../kernel/permissions.js';

/** The id-patterns domain's permissions (GET /permissions lists every domain's). */
export const ID_PATTERN_PERMISSIONS = definePermissions({
  'id_pattern:read': 'Read identifier patterns',
  'id_pattern:write': 'Create and update identifier patterns',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof ID_PATTERN_PERMISSIONS, string> {}
}
