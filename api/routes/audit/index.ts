import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_LIST, listAuditEntries, verifyAuditChainAs } from '../../../shared/domain/audit/index.js';
import { ok, userActOf } from '../../http/reply.js';
import { listAuditSchema, verifyAuditSchema } from './schemas.js';

const audit: FastifyPluginAsyncTypebox = async (app) => {
  const access = { permissions: ['audit:read' as const] };

  app.get('/audit', { config: access, schema: listAuditSchema }, async (request) => {
    const { limit, cursor, sort, ...filters } = request.query;
    const plan = app.paginator.plan(AUDIT_LIST, { limit, cursor, sort });
    return app.paginator.respond(
      request,
      plan,
      await listAuditEntries(app.deps, userActOf(request), { filters, page: plan }),
    );
  });

  app.get('/audit/verify', { config: access, schema: verifyAuditSchema }, async (request) =>
    ok(request, await verifyAuditChainAs(app.deps, userActOf(request))),
  );
};

export default audit;
