import { Type } from 'typebox';
import {
  AssignRoleInput,
  CreateUserInput,
  SuspendUserInput,
  USERS_TAG as tags,
  UpdateUserInput,
  User,
  UserFilters,
} from '../../../shared/domain/users/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const UserEnvelope = Envelope(User, 'The user');
const IdParams = Type.Object({ id: IdOf('The user') });

export const listUsersSchema = {
  operationId: 'listUsers',
  tags,
  summary: 'List users',
  description:
    'The users in your data scope (scope all: everyone; insurer: its users; agent: yourself), newest first unless sorted by createdAt, email or name.',
  querystring: Type.Object(
    { ...PageQuery, q: SearchQuery('email or name'), ...UserFilters.properties },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(User), ...ERROR_RESPONSES },
};

export const createUserSchema = {
  operationId: 'createUser',
  tags,
  summary: 'Create a user',
  description:
    'Creates a pending user. Without a password, a set-password mail is sent. Scope insurer creates users of its insurer only; scope agent cannot create users.',
  body: CreateUserInput,
  response: { 201: Envelope(User, 'The user created'), ...ERROR_RESPONSES },
};

export const getUserSchema = {
  operationId: 'getUser',
  tags,
  summary: 'Get a user',
  description: 'One user of your data scope; 404 for any other.',
  params: IdParams,
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};

export const updateUserSchema = {
  operationId: 'updateUser',
  tags,
  summary: 'Update a user',
  description:
    'Changes the fields sent (at least one); null clears phone or insurerId. Changing insurerId needs data scope all. You need every permission the user holds (403 otherwise).',
  params: IdParams,
  body: UpdateUserInput,
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};

// The summaries of the workflow actions come from the workflow table (api/http/workflow-route.ts).
export const activateUserSchema = {
  operationId: 'activateUser',
  tags,
  description:
    'Takes the user to active: a pending user can sign in from now on, a locked one is unlocked. Another status answers 422 INVALID_TRANSITION. You need every permission the user holds (403 otherwise). Without data scope all, the user who created the account cannot activate it (403 FORBIDDEN, details.reason four_eyes).',
  params: IdParams,
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
export const suspendUserSchema = {
  operationId: 'suspendUser',
  tags,
  description:
    'Takes the user to suspended and ends every session of theirs. The reason is kept in the audit trail. You cannot suspend yourself, nor a user holding a permission you do not hold (403). The last active admin cannot be suspended (422 INVARIANT_VIOLATION).',
  params: IdParams,
  body: SuspendUserInput,
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
export const archiveUserSchema = {
  operationId: 'archiveUser',
  tags,
  description:
    'Takes the user to archived, for good, and ends every session of theirs. You cannot archive yourself, nor a user holding a permission you do not hold (403). The last active admin cannot be archived (422 INVARIANT_VIOLATION).',
  params: IdParams,
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
export const assignRoleSchema = {
  operationId: 'assignRole',
  tags,
  summary: 'Grant a role to a user',
  description:
    "Adds the role to the user's roles (granting one they hold changes nothing). The user must be in your data scope (404 otherwise) and you need every permission of the role yourself; an unknown roleId answers 400.",
  params: IdParams,
  body: AssignRoleInput,
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
export const removeRoleSchema = {
  operationId: 'removeRole',
  tags,
  summary: 'Take a role from a user',
  description:
    "Removes the role from the user's roles; 404 when they do not have it or are outside your data scope. You need every permission the user holds (403 otherwise). The last active admin keeps the admin role (422 INVARIANT_VIOLATION).",
  params: Type.Object({ id: IdOf('The user'), roleId: IdOf('The role') }),
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
