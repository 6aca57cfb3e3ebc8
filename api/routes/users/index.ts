import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { USER_SORT_FIELDS, assignRole, changeUserStatus, createUser, getUser, listUsers, removeRole, updateUser } from '../../../shared/domain/users/users.service.js';
import { callerOf } from '../../http/caller.js';
import { ok, sendWrite } from '../../http/reply.js';
import * as s from '../../schemas/users/index.js';

/** Sortable on these fields (what each orders by is in listUsers), newest first by default. */
export const USER_LIST = { sortable: USER_SORT_FIELDS, defaultSort: '-createdAt' };

const users: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get('/users', { config: { permissions: ['user:read'] }, schema: s.listUsersSchema }, async (request) => {
    const { limit, cursor, sort, ...filters } = request.query;
    const plan = app.paginator.plan(USER_LIST, { limit, cursor, sort });
    const rows = await listUsers(deps, callerOf(request), filters, plan);
    const { items, page } = plan.page(rows, (r) => r.key);
    return { data: items.map((r) => r.user), meta: { requestId: request.id, page } };
  });

  app.post('/users', { config: { permissions: ['user:write'] }, schema: s.createUserSchema }, async (request, reply) =>
    sendWrite(request, reply, 201, (ctx) => createUser(deps, ctx, callerOf(request), request.body)));

  app.get('/users/:id', { config: { permissions: ['user:read'] }, schema: s.getUserSchema }, async (request) =>
    ok(request, await getUser(deps, callerOf(request), request.params.id)));

  app.patch('/users/:id', { config: { permissions: ['user:write'] }, schema: s.updateUserSchema }, async (request, reply) =>
    sendWrite(request, reply, 200, (ctx) => updateUser(deps, ctx, callerOf(request), request.params.id, request.body)));

  app.post('/users/:id/activate', { config: { permissions: ['user:activate'] }, schema: s.activateUserSchema }, async (request, reply) =>
    sendWrite(request, reply, 200, (ctx) => changeUserStatus(deps, ctx, callerOf(request), request.params.id, 'activate')));

  app.post('/users/:id/suspend', { config: { permissions: ['user:suspend'] }, schema: s.suspendUserSchema }, async (request, reply) =>
    sendWrite(request, reply, 200, (ctx) => changeUserStatus(deps, ctx, callerOf(request), request.params.id, 'suspend', request.body.reason)));

  app.post('/users/:id/archive', { config: { permissions: ['user:suspend'] }, schema: s.archiveUserSchema }, async (request, reply) =>
    sendWrite(request, reply, 200, (ctx) => changeUserStatus(deps, ctx, callerOf(request), request.params.id, 'archive')));

  app.post('/users/:id/roles', { config: { permissions: ['role:write'] }, schema: s.assignRoleSchema }, async (request, reply) =>
    sendWrite(request, reply, 200, (ctx) => assignRole(deps, ctx, callerOf(request), request.params.id, request.body.roleId)));

  app.delete('/users/:id/roles/:roleId', { config: { permissions: ['role:write'] }, schema: s.removeRoleSchema }, async (request, reply) =>
    sendWrite(request, reply, 200, (ctx) => removeRole(deps, ctx, callerOf(request), request.params.id, request.params.roleId)));
};

export default users;
