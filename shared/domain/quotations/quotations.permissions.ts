import { definePermissions } from '../../kernel/permissions.js';

/** The quotations domain's permissions (GET /permissions lists every domain's). */
export const QUOTATION_PERMISSIONS = definePermissions({
  'quotation:read': 'Read quotations',
  'quotation:request': 'Request quotations and accept them',
  'quotation:respond': 'Respond to and withdraw quotations',
  'quotation:expire': 'Run the quotation expiry sweep',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof QUOTATION_PERMISSIONS, string> {}
}
