import { definePermissions } from '../../kernel/permissions.js';

/** The disputes domain's permissions (GET /permissions lists every domain's). */
export const DISPUTE_PERMISSIONS = definePermissions({
  'dispute:read': 'Read disputes',
  'dispute:raise': 'Raise disputes',
  'dispute:triage': 'Triage disputes',
  'dispute:resolve': 'Resolve disputes',
  'dispute:withdraw': 'Withdraw disputes',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof DISPUTE_PERMISSIONS, string> {}
}
