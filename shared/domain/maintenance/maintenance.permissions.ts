import { definePermissions } from '../../kernel/permissions.js';

/** The maintenance domain's permissions (GET /permissions lists every domain's). */
export const OPERATIONS_PERMISSIONS = definePermissions({
  'system:read': 'Read system information and queue counts',
  'queue:read': 'Look at Bull Board: queues, jobs, their data, results and errors',
  'queue:admin': 'Act in Bull Board: retry, remove, promote and add jobs, pause and clean queues (and look)',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof OPERATIONS_PERMISSIONS, string> {}
}
