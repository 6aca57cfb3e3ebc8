import { definePermissions } from '../../kernel/permissions.js';

/** The notification-templates domain's permissions (GET /permissions lists every domain's). */
export const NOTIFICATION_TEMPLATE_PERMISSIONS = definePermissions({
  'notification_template:read': 'Read notification templates',
  'notification_template:write': 'Create, update, publish and archive notification templates',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof NOTIFICATION_TEMPLATE_PERMISSIONS, string> {}
}
