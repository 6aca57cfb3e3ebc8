import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assignRole, removeRole } from '../../../shared/domain/access/index.js';
import { changeUserStatus, createUser, updateUser } from '../../../shared/domain/identity/index.js';
import { getUser, listUsers, toUserView, USER_LIST, USER_WORKFLOW } from '../../../shared/domain/users/index.js';
import { can, list, read, write } from '../../http/operation.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const users: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/users', { config: can('user:read'), schema: s.listUsersSchema }, list(USER_LIST, listUsers, toUserView));
  app.post(
    '/users',
    { config: { ...can('user:write'), errors: ['CONFLICT', 'INVARIANT_VIOLATION'] }, schema: s.createUserSchema },
    write(201, createUser),
  );
  app.get('/users/:id', { config: can('user:read'), schema: s.getUserSchema }, read(getUser));
  app.patch('/users/:id', { config: can('user:write'), schema: s.updateUserSchema }, write(200, updateUser));
  app.post(
    '/users/:id/activate',
    actionRoute(USER_WORKFLOW, 'activate', s.activateUserSchema),
    write(200, changeUserStatus, { also: { action: 'activate' } }),
  );
  app.post(
    '/users/:id/suspend',
    actionRoute(USER_WORKFLOW, 'suspend', s.suspendUserSchema, { errors: ['INVARIANT_VIOLATION'] }),
    write(200, changeUserStatus, { also: { action: 'suspend' } }),
  );
  app.post(
    '/users/:id/archive',
    actionRoute(USER_WORKFLOW, 'archive', s.archiveUserSchema, { errors: ['INVARIANT_VIOLATION'] }),
    write(200, changeUserStatus, { also: { action: 'archive' } }),
  );
  app.post(
    '/users/:id/roles',
    { config: can('role:write'), schema: s.assignRoleSchema },
    write(200, assignRole, { rename: { id: 'userId' } }),
  );
  app.delete(
    '/users/:id/roles/:roleId',
    { config: { ...can('role:write'), errors: ['INVARIANT_VIOLATION'] }, schema: s.removeRoleSchema },
    write(200, removeRole, { rename: { id: 'userId' } }),
  );
};

export default users;
