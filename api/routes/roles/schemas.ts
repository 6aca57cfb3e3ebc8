import { Type } from 'typebox';
import {
  CreateRoleInput,
  Permission,
  Role,
  SetRolePermissionsInput,
  ROLES_TAG as tags,
  UpdateRoleInput,
} from '../../../shared/domain/access/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope, NoContent } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';

const RoleEnvelope = Envelope(Role, 'The role');
const IdParams = Type.Object({ id: IdOf('The role') });

export const listRolesSchema = {
  operationId: 'listRoles',
  tags,
  summary: 'List roles',
  description: 'Every role, system roles included; sort by name (default) or createdAt.',
  querystring: Type.Object({ ...PageQuery }, { additionalProperties: false }),
  response: { 200: ListEnvelope(Role), ...ERROR_RESPONSES },
};
export const createRoleSchema = {
  operationId: 'createRole',
  tags,
  summary: 'Create a role',
  description:
    'A name unique regardless of case (409 otherwise) and its permissions. Roles are platform-wide: you need data scope all and every permission you put in it (403 otherwise).',
  body: CreateRoleInput,
  response: { 201: Envelope(Role, 'The role created'), ...ERROR_RESPONSES },
};
export const getRoleSchema = {
  operationId: 'getRole',
  tags,
  summary: 'Get a role',
  description: 'One role with its permissions.',
  params: IdParams,
  response: { 200: RoleEnvelope, ...ERROR_RESPONSES },
};
export const updateRoleSchema = {
  operationId: 'updateRole',
  tags,
  summary: 'Rename or describe a role',
  description:
    'Changes the name or description (at least one; null clears the description). Needs data scope all; a system role needs every permission it holds too (403 otherwise), and cannot be renamed (422).',
  params: IdParams,
  body: UpdateRoleInput,
  response: { 200: RoleEnvelope, ...ERROR_RESPONSES },
};
export const deleteRoleSchema = {
  operationId: 'deleteRole',
  tags,
  summary: 'Delete a role',
  description:
    'Needs data scope all (403 otherwise). A system role answers 422 INVARIANT_VIOLATION; a role still granted to a user answers 409.',
  params: IdParams,
  response: { 204: NoContent('Deleted'), ...ERROR_RESPONSES },
};
export const setRolePermissionsSchema = {
  operationId: 'setRolePermissions',
  tags,
  summary: "Replace a role's permissions",
  description:
    "The role holds exactly these permissions afterwards; it applies to its users on their next request. You need data scope all and every permission added or removed, for a system role every permission it holds, and to remove any, every permission held by each of the role's users (403 otherwise); the admin role's permissions cannot be changed (422).",
  params: IdParams,
  body: SetRolePermissionsInput,
  response: { 200: RoleEnvelope, ...ERROR_RESPONSES },
};
export const listPermissionsSchema = {
  operationId: 'listPermissions',
  tags,
  summary: 'List the permission catalogue',
  description: 'Every permission a role can hold, with what it allows.',
  response: { 200: Envelope(Type.Array(Permission, { maxItems: 200 }), 'The catalogue'), ...ERROR_RESPONSES },
};
