import { definePermissions } from '../../kernel/permissions.js';

/** The claims domain's permissions (GET /permissions lists every domain's). */
export const CLAIM_PERMISSIONS = definePermissions({
  'claim:read': 'Read claims and catastrophe events',
  'claim:file': 'File claims',
  'claim:assign': 'Assign claims',
  'claim:review': 'Review, investigate and request documents on claims',
  'claim:settle': 'Settle and repudiate claims',
  'claim:pay': 'Record claim payments',
  'claim:close': 'Close claims',
  'claim:withdraw': 'Withdraw claims',
  'claim:appeal': 'Appeal repudiated claims',
  'claim:note': 'Add notes and documents to claims',
  'claim:catastrophe:write': 'Create and update catastrophe events',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof CLAIM_PERMISSIONS, string> {}
}
