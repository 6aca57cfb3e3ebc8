import { definePermissions } from '../../kernel/permissions.js';

/** The investment-products domain's permissions (GET /permissions lists every domain's). */
export const INVESTMENT_PRODUCT_PERMISSIONS = definePermissions({
  'investment:product:read': 'Read investment products',
  'investment:product:write': 'Create and update investment products',
});

declare module '../../kernel/permissions.js' {
  interface PermissionCatalogue extends Record<keyof typeof INVESTMENT_PRODUCT_PERMISSIONS, string> {}
}
