import { definePermissions } from '../../kernel/permissions.js';

/** The events domain's permissions (GET /permissions lists every domain's). */
export const EVENT_PERMISSIONS = definePermissions({
  'event:read': 'Read the event feed (GET /events) within your data scope',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof EVENT_PERMISSIONS, string> {}
}
