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
import { ok, sendWrite, userActOf } from '../../http/reply.js';
import * as s from './schemas.js';

const roles: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, paginator } = app;
  const read = { permissions: ['role:read' as const] };
  const write = { permissions: ['role:write' as const] };

  app.get('/roles', { config: read, schema: s.listRolesSchema }, async (request) => {
    const plan = paginator.plan(ROLE_LIST, request.query);
    return paginator.respond(request, plan, await listRoles(deps, userActOf(request), { page: plan }));
  });

  app.post('/roles', { config: write, schema: s.createRoleSchema }, async (request, reply) =>
    sendWrite(request, reply, 201, (act) => createRole(deps, act, request.body)),
  );

  app.get('/roles/:id', { config: read, schema: s.getRoleSchema }, async (request) =>
    ok(request, await getRole(deps, userActOf(request), request.params)),
  );

  app.patch('/roles/:id', { config: write, schema: s.updateRoleSchema }, async (request, reply) =>
    sendWrite(request, reply, 200, (act) => updateRole(deps, act, { ...request.params, ...request.body })),
  );

  app.delete('/roles/:id', { config: write, schema: s.deleteRoleSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (act) => deleteRole(deps, act, request.params)),
  );

  app.put('/roles/:id/permissions', { config: write, schema: s.setRolePermissionsSchema }, async (request, reply) =>
    sendWrite(request, reply, 200, (act) => setRolePermissions(deps, act, { ...request.params, ...request.body })),
  );

  app.get('/permissions', { config: read, schema: s.listPermissionsSchema }, async (request) =>
    ok(request, listPermissions(deps)),
  );
};

export default roles;
