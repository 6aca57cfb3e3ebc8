/** The users domain as the rest of the service sees it: what api/, workers/, scripts/ and other domains import. */

import { defineDomain } from '../../kernel/manifest.js';
import { User as UserEntity } from './user.entity.js';

export { USER_LIST } from './user.list.js';
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
export { effectiveStatus, loadUserView, toUserView, userViews } from './user.view.js';
export { USER_WORKFLOW } from './user.workflow.js';
export { assignRole, removeRole } from './user-roles.js';
export { changeUserStatus } from './user-status.js';
export { createUser, getUser, listUsers, updateUser } from './users.service.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const usersDomain = defineDomain({
  name: 'users',
  entities: [UserEntity],
});
