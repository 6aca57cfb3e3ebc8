import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listAuditEntries } from '../../../shared/audit/queries.js';
import { verifyAuditChain } from '../../../shared/audit/verify.js';
import { ok } from '../../http/reply.js';
import { listAuditSchema, verifyAuditSchema } from '../../schemas/audit/index.js';

const AUDIT_LIST = { sortable: ['occurredAt'] as const, defaultSort: '-occurredAt' };

const audit: FastifyPluginAsyncTypebox = async (app) => {
  const access = { permissions: ['audit:read' as const] };

  app.get('/audit', { config: access, schema: listAuditSchema }, async (request) => {
    const { limit, cursor, sort, ...filters } = request.query;
    const plan = app.paginator.plan(AUDIT_LIST, { limit, cursor, sort });
    const rows = await listAuditEntries(app.orm, filters, plan);
    const { items, page } = plan.page(rows, (r) => ({ occurredAt: r.occurredAt, id: r.id }));
    return { data: items, meta: { requestId: request.id, page } };
  });

  app.get('/audit/verify', { config: access, schema: verifyAuditSchema }, async (request) => ok(request, await verifyAuditChain(app.orm)));
};

export default audit;
