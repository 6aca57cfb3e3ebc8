import { definePermissions } from '../../kernel/permissions.js';

/** The renewals domain's permissions (GET /permissions lists every domain's). */
export const RENEWAL_PERMISSIONS = definePermissions({
  'renewal:read': 'Read renewals',
  'renewal:generate': 'Generate renewals',
  'renewal:offer': 'Offer renewals',
  'renewal:decide': 'Accept and decline renewals',
  'renewal:convert': 'Convert renewals into new policies',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof RENEWAL_PERMISSIONS, string> {}
}
