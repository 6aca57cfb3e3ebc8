/** The access domain (roles, permissions, data scope) as the rest of the service sees it. */
export type { Caller } from './caller.js';
export { assertFourEyes } from './four-eyes.js';
export { isPermission } from './permissions.js';
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
export { assertScopeAll, type DataScope, inScope } from './scope.js';
export { eventVisibleTo, visibilitiesFor } from './visibility.js';
