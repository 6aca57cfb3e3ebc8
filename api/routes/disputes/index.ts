import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DISPUTE_LIST,
  DISPUTE_WORKFLOW,
  getDispute,
  listDisputes,
  raiseDispute,
  resolveDispute,
  toDisputeView,
  triageDispute,
  withdrawDispute,
} from '../../../shared/domain/disputes/index.js';
import { ok, sendWrite, userActOf } from '../../http/reply.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const disputes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, paginator } = app;

  app.get('/disputes', { config: { permissions: ['dispute:read'] }, schema: s.listDisputesSchema }, async (request) => {
    const { limit, cursor, sort, ...filters } = request.query;
    const plan = paginator.plan(DISPUTE_LIST, { limit, cursor, sort });
    return paginator.respond(
      request,
      plan,
      await listDisputes(deps, userActOf(request), { filters, page: plan }),
      toDisputeView,
    );
  });
  app.post(
    '/disputes',
    { config: { permissions: ['dispute:raise'] }, schema: s.raiseDisputeSchema },
    async (request, reply) => sendWrite(request, reply, 201, (act) => raiseDispute(deps, act, request.body)),
  );
  app.get('/disputes/:id', { config: { permissions: ['dispute:read'] }, schema: s.getDisputeSchema }, async (request) =>
    ok(request, await getDispute(deps, userActOf(request), request.params)),
  );
  app.post(
    '/disputes/:id/triage',
    actionRoute(DISPUTE_WORKFLOW, 'triage', s.triageDisputeSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => triageDispute(deps, act, { ...request.params, ...request.body })),
  );
  app.post(
    '/disputes/:id/resolve',
    actionRoute(DISPUTE_WORKFLOW, 'resolve', s.resolveDisputeSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => resolveDispute(deps, act, { ...request.params, ...request.body })),
  );
  app.post(
    '/disputes/:id/withdraw',
    actionRoute(DISPUTE_WORKFLOW, 'withdraw', s.withdrawDisputeSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => withdrawDispute(deps, act, { ...request.params, ...request.body })),
  );
};

export default disputes;
