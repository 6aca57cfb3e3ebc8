import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createRole,
  deleteRole,
  getRole,
  listPermissions,
  listRoles,
  ROLE_LIST,
  setRolePermissions,
  updateRole,
} from '../../../shared/domain/access/index.js';
import { can, listOf, read, write } from '../../http/operation.js';
import * as s from './schemas.js';

const roles: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/roles', { config: can('role:read'), schema: s.listRolesSchema }, listOf(ROLE_LIST, listRoles));
  app.post(
    '/roles',
    { config: { ...can('role:write'), errors: ['CONFLICT'] }, schema: s.createRoleSchema },
    write(201, createRole),
  );
  app.get('/roles/:id', { config: can('role:read'), schema: s.getRoleSchema }, read(getRole));
  app.patch(
    '/roles/:id',
    { config: { ...can('role:write'), errors: ['INVARIANT_VIOLATION', 'CONFLICT'] }, schema: s.updateRoleSchema },
    write(200, updateRole),
  );
  app.delete(
    '/roles/:id',
    { config: { ...can('role:write'), errors: ['INVARIANT_VIOLATION', 'CONFLICT'] }, schema: s.deleteRoleSchema },
    write(204, deleteRole),
  );
  app.put(
    '/roles/:id/permissions',
    { config: { ...can('role:write'), errors: ['INVARIANT_VIOLATION'] }, schema: s.setRolePermissionsSchema },
    write(200, setRolePermissions),
  );
  app.get('/permissions', { config: can('role:read'), schema: s.listPermissionsSchema }, read(listPermissions));
};

export default roles;
