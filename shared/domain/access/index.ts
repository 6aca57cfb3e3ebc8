/** The access domain (roles, permissions, data scope) as the rest of the service sees it. */

import { defineDomain } from '../../kernel/manifest.js';
import { ACCESS_PERMISSIONS } from './access.permissions.js';
import { Role as RoleEntity, RolePermission as RolePermissionEntity } from './role.entity.js';
import { seedSystemRoles } from './system-roles.seed.js';
import { UserRole as UserRoleEntity } from './user-role.entity.js';

export type { Caller } from '../../kernel/caller.js';
export { assertScopeAll, type DataScope, inScope } from '../../kernel/scope.js';
export { type CallerChange, callerChanged, takeCallerChanges } from './caller-changes.js';
export { assertFourEyes } from './four-eyes.js';
export { ROLE_LIST } from './role.list.js';
export {
  CreateRoleInput,
  Permission,
  ROLES_TAG,
  Role,
  SetRolePermissionsInput,
  UpdateRoleInput,
} from './role.schemas.js';
export {
  createRole,
  deleteRole,
  getRole,
  listPermissions,
  listRoles,
  setRolePermissions,
  updateRole,
} from './roles.service.js';
export { ADMIN_ROLE_ID, SYSTEM_ROLES, type SystemRole } from './system-roles.js';
export { assertAnotherActiveAdmin, assertNotProvisionedBy, assertOutranks, permissionsHeldBy } from './user-guards.js';
export { assignRole, removeRole, roleWithPermissions } from './user-roles.js';
export { eventVisibleTo, VISIBILITIES, type Visibility, visibilitiesFor } from './visibility.js';
/** The roles' tables, as entities (`Role` is the API's shape of a role). */
export { RoleEntity, UserRoleEntity };

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const accessDomain = defineDomain({
  name: 'access',
  permissions: ACCESS_PERMISSIONS,
  seed: seedSystemRoles,
  entities: [RoleEntity, RolePermissionEntity, UserRoleEntity],
});
