import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  acceptQuotation,
  getQuotation,
  listQuotations,
  QUOTATION_LIST,
  QUOTATION_WORKFLOW,
  requestQuotation,
  requestQuotationSweep,
  respondToQuotation,
  type SweepRequest,
  toQuotationView,
  withdrawQuotation,
} from '../../../shared/domain/quotations/index.js';
import { ok, sendWrite, userActOf } from '../../http/reply.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const quotations: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, paginator } = app;

  app.get(
    '/quotations',
    { config: { permissions: ['quotation:read'] }, schema: s.listQuotationsSchema },
    async (request) => {
      const { limit, cursor, sort, ...filters } = request.query;
      const plan = paginator.plan(QUOTATION_LIST, { limit, cursor, sort });
      return paginator.respond(
        request,
        plan,
        await listQuotations(deps, userActOf(request), { filters, page: plan }),
        toQuotationView,
      );
    },
  );

  app.post(
    '/quotations',
    { config: { permissions: ['quotation:request'] }, schema: s.requestQuotationSchema },
    async (request, reply) => sendWrite(request, reply, 201, (act) => requestQuotation(deps, act, request.body)),
  );

  app.post(
    '/quotations/sweep/expire',
    { config: { permissions: ['quotation:expire'] }, schema: s.sweepQuotationsSchema },
    async (request, reply) =>
      sendWrite<SweepRequest>(
        request,
        reply,
        (result) => (result.queued ? 201 : 200),
        (act) => requestQuotationSweep(deps, act, { queue: app.queues.get('quotations') }),
        ({ jobId, state }) => ({ jobId, state }),
      ),
  );

  app.get(
    '/quotations/:id',
    { config: { permissions: ['quotation:read'] }, schema: s.getQuotationSchema },
    async (request) => ok(request, await getQuotation(deps, userActOf(request), request.params)),
  );

  app.post(
    '/quotations/:id/respond',
    actionRoute(QUOTATION_WORKFLOW, 'respond', s.respondToQuotationSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => respondToQuotation(deps, act, { ...request.params, ...request.body })),
  );

  app.post(
    '/quotations/:id/accept',
    {
      ...actionRoute(QUOTATION_WORKFLOW, 'accept', s.acceptQuotationSchema),
      // The body is optional: none is the same as {}.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => acceptQuotation(deps, act, { ...request.params, ...request.body })),
  );

  app.post(
    '/quotations/:id/withdraw',
    actionRoute(QUOTATION_WORKFLOW, 'withdraw', s.withdrawQuotationSchema),
    async (request, reply) => sendWrite(request, reply, 200, (act) => withdrawQuotation(deps, act, request.params)),
  );
};

export default quotations;
