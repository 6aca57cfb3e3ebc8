import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ROLE_SORT_FIELDS, createRole, deleteRole, getRole, listPermissions, listRoles, setRolePermissions, updateRole } from '../../../shared/domain/access/roles.service.js';
import { callerOf } from '../../http/caller.js';
import { ok, sendWrite } from '../../http/reply.js';
import * as s from '../../schemas/roles/index.js';

/** Sortable on these fields (what each orders by is in listRoles), by name by default. */
const ROLE_LIST = { sortable: ROLE_SORT_FIELDS, defaultSort: 'name' };

const roles: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;
  const read = { permissions: ['role:read' as const] };
  const write = { permissions: ['role:write' as const] };

  app.get('/roles', { config: read, schema: s.listRolesSchema }, async (request) => {
    const plan = app.paginator.plan(ROLE_LIST, request.query);
    const rows = await listRoles(deps, plan);
    const { items, page } = plan.page(rows, (r) => r.key);
    return { data: items.map((r) => r.role), meta: { requestId: request.id, page } };
  });

  app.post('/roles', { config: write, schema: s.createRoleSchema }, async (request, reply) =>
    sendWrite(request, reply, 201, (ctx) => createRole(deps, ctx, callerOf(request), request.body)));

  app.get('/roles/:id', { config: read, schema: s.getRoleSchema }, async (request) => ok(request, await getRole(deps, request.params.id)));

  app.patch('/roles/:id', { config: write, schema: s.updateRoleSchema }, async (request, reply) =>
    sendWrite(request, reply, 200, (ctx) => updateRole(deps, ctx, request.params.id, request.body)));

  app.delete('/roles/:id', { config: write, schema: s.deleteRoleSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (ctx) => deleteRole(deps, ctx, request.params.id)));

  app.put('/roles/:id/permissions', { config: write, schema: s.setRolePermissionsSchema }, async (request, reply) =>
    sendWrite(request, reply, 200, (ctx) => setRolePermissions(deps, ctx, callerOf(request), request.params.id, request.body.permissions)));

  app.get('/permissions', { config: read, schema: s.listPermissionsSchema }, async (request) => ok(request, listPermissions()));
};

export default roles;
