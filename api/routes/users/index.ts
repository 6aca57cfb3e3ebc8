import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assignRole, removeRole } from '../../../shared/domain/access/index.js';
import { changeUserStatus, createUser, updateUser } from '../../../shared/domain/identity/index.js';
import { getUser, listUsers, toUserView, USER_LIST, USER_WORKFLOW } from '../../../shared/domain/users/index.js';
import { ok, sendWrite, userActOf } from '../../http/reply.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const users: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, paginator } = app;

  app.get('/users', { config: { permissions: ['user:read'] }, schema: s.listUsersSchema }, async (request) => {
    const { limit, cursor, sort, ...filters } = request.query;
    const plan = paginator.plan(USER_LIST, { limit, cursor, sort });
    return paginator.respond(
      request,
      plan,
      await listUsers(deps, userActOf(request), { filters, page: plan }),
      toUserView,
    );
  });

  app.post('/users', { config: { permissions: ['user:write'] }, schema: s.createUserSchema }, async (request, reply) =>
    sendWrite(request, reply, 201, (act) => createUser(deps, act, request.body)),
  );

  app.get('/users/:id', { config: { permissions: ['user:read'] }, schema: s.getUserSchema }, async (request) =>
    ok(request, await getUser(deps, userActOf(request), request.params)),
  );

  app.patch(
    '/users/:id',
    { config: { permissions: ['user:write'] }, schema: s.updateUserSchema },
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => updateUser(deps, act, { ...request.params, ...request.body })),
  );

  app.post(
    '/users/:id/activate',
    actionRoute(USER_WORKFLOW, 'activate', s.activateUserSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => changeUserStatus(deps, act, { ...request.params, action: 'activate' })),
  );

  app.post('/users/:id/suspend', actionRoute(USER_WORKFLOW, 'suspend', s.suspendUserSchema), async (request, reply) =>
    sendWrite(request, reply, 200, (act) =>
      changeUserStatus(deps, act, { ...request.params, action: 'suspend', reason: request.body.reason }),
    ),
  );

  app.post('/users/:id/archive', actionRoute(USER_WORKFLOW, 'archive', s.archiveUserSchema), async (request, reply) =>
    sendWrite(request, reply, 200, (act) => changeUserStatus(deps, act, { ...request.params, action: 'archive' })),
  );

  app.post(
    '/users/:id/roles',
    { config: { permissions: ['role:write'] }, schema: s.assignRoleSchema },
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) =>
        assignRole(deps, act, { userId: request.params.id, roleId: request.body.roleId }),
      ),
  );

  app.delete(
    '/users/:id/roles/:roleId',
    { config: { permissions: ['role:write'] }, schema: s.removeRoleSchema },
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) =>
        removeRole(deps, act, { userId: request.params.id, roleId: request.params.roleId }),
      ),
  );
};

export default users;
