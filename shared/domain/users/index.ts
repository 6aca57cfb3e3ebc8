/**
 * The users domain: the user record, its shapes, how it reads and lists, and its status table. How
 * accounts are created, changed and suspended is identity's; who may act on whom, and roles, is access's.
 */

import { defineDomain } from '../../kernel/manifest.js';
import { User as UserEntity } from './user.entity.js';
import { USER_WORKFLOW } from './user.workflow.js';
import { USER_PERMISSIONS } from './users.permissions.js';

export type { IUser, KycStatus, UserStatus } from './user.entity.js';
export { USER_LIST, USER_SCOPE_FIELDS } from './user.list.js';
export {
  AssignRoleInput,
  CreateUserInput,
  Email,
  Password,
  SuspendUserInput,
  UpdateUserInput,
  USERS_TAG,
  User,
  UserFields,
  UserFilters,
  type UserView,
} from './user.schemas.js';
export { effectiveStatus, emailOf, loadUserView, toUserView, userViews } from './user.view.js';
export { effectiveStatusOf, USER_WORKFLOW, type UserAction } from './user.workflow.js';
export { getUser, listUsers, lockVisibleUser } from './users.service.js';
/** The user's table, as an entity (`User` is the API's shape of a user). */
export { UserEntity };

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const usersDomain = defineDomain({
  name: 'users',
  workflows: [USER_WORKFLOW],
  permissions: USER_PERMISSIONS,
  entities: [UserEntity],
});
