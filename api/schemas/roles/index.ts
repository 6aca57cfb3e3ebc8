import { Type } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { ERROR_RESPONSES, Envelope, ListEnvelope, Timestamp, Uuid } from '../common.js';

const PermissionName = Type.String({ pattern: '^[a-z_]+(:[a-z_]+){1,2}$', maxLength: 64 });
const Permissions = Type.Array(PermissionName, { maxItems: 200, uniqueItems: true });
const RoleName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9 _.-]+$' });
const Description = Type.String({ maxLength: 500 });

export const RoleBody = Type.Object({
  id: Type.String(), name: Type.String(), description: Type.Union([Type.String(), Type.Null()]), system: Type.Boolean(),
  permissions: Type.Array(Type.String()), createdAt: Timestamp, updatedAt: Timestamp,
});
const RoleEnvelope = Envelope(RoleBody);
const IdParams = Type.Object({ id: Uuid });
const tags = ['roles'];

export const listRolesSchema = {
  operationId: 'listRoles', tags, querystring: Type.Object({ ...PageQuery }, { additionalProperties: false }),
  response: { 200: ListEnvelope(RoleBody), ...ERROR_RESPONSES },
};
export const createRoleSchema = {
  operationId: 'createRole', tags,
  body: Type.Object({ name: RoleName, description: Type.Optional(Description), permissions: Type.Optional(Permissions) }, { additionalProperties: false }),
  response: { 201: RoleEnvelope, ...ERROR_RESPONSES },
};
export const getRoleSchema = { operationId: 'getRole', tags, params: IdParams, response: { 200: RoleEnvelope, ...ERROR_RESPONSES } };
export const updateRoleSchema = {
  operationId: 'updateRole', tags, params: IdParams,
  body: Type.Object({ name: Type.Optional(RoleName), description: Type.Optional(Type.Union([Description, Type.Null()])) }, { additionalProperties: false, minProperties: 1 }),
  response: { 200: RoleEnvelope, ...ERROR_RESPONSES },
};
export const deleteRoleSchema = {
  operationId: 'deleteRole', tags, summary: 'System roles: 422; a role still assigned: 409', params: IdParams,
  response: { 204: Type.Null({ description: 'Deleted' }), ...ERROR_RESPONSES },
};
export const setRolePermissionsSchema = {
  operationId: 'setRolePermissions', tags, summary: 'Replaces the permission set', params: IdParams,
  body: Type.Object({ permissions: Permissions }, { additionalProperties: false }),
  response: { 200: RoleEnvelope, ...ERROR_RESPONSES },
};
export const listPermissionsSchema = {
  operationId: 'listPermissions', tags, summary: 'The permission catalogue',
  response: { 200: Envelope(Type.Array(Type.Object({ name: Type.String(), description: Type.String() }))), ...ERROR_RESPONSES },
};
