import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { POLICY_WORKFLOW } from '../../../shared/domain/policies/index.js';
import {
  acceptRenewal,
  convertRenewal,
  declineRenewal,
  generateRenewal,
  getRenewal,
  listRenewals,
  offerRenewal,
  RENEWAL_LIST,
  RENEWAL_WORKFLOW,
  toRenewalView,
} from '../../../shared/domain/renewals/index.js';
import { ok, sendWrite, userActOf } from '../../http/reply.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const renewals: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, paginator } = app;

  app.get('/renewals', { config: { permissions: ['renewal:read'] }, schema: s.listRenewalsSchema }, async (request) => {
    const { limit, cursor, sort, ...filters } = request.query;
    const plan = paginator.plan(RENEWAL_LIST, { limit, cursor, sort });
    return paginator.respond(
      request,
      plan,
      await listRenewals(deps, userActOf(request), { filters, page: plan }),
      toRenewalView,
    );
  });

  app.get('/renewals/:id', { config: { permissions: ['renewal:read'] }, schema: s.getRenewalSchema }, async (request) =>
    ok(request, await getRenewal(deps, userActOf(request), request.params)),
  );

  app.post(
    '/renewals/policies/:policyId/generate',
    actionRoute(POLICY_WORKFLOW, 'generateRenewal', s.generateRenewalSchema),
    async (request, reply) => sendWrite(request, reply, 201, (act) => generateRenewal(deps, act, request.params)),
  );

  app.post(
    '/renewals/:id/offer',
    actionRoute(RENEWAL_WORKFLOW, 'offer', s.offerRenewalSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => offerRenewal(deps, act, { ...request.params, ...request.body })),
  );

  app.post(
    '/renewals/:id/accept',
    actionRoute(RENEWAL_WORKFLOW, 'accept', s.acceptRenewalSchema),
    async (request, reply) => sendWrite(request, reply, 200, (act) => acceptRenewal(deps, act, request.params)),
  );

  app.post(
    '/renewals/:id/decline',
    actionRoute(RENEWAL_WORKFLOW, 'decline', s.declineRenewalSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => declineRenewal(deps, act, { ...request.params, ...request.body })),
  );

  app.post(
    '/renewals/:id/convert',
    actionRoute(RENEWAL_WORKFLOW, 'convert', s.convertRenewalSchema),
    async (request, reply) => sendWrite(request, reply, 200, (act) => convertRenewal(deps, act, request.params)),
  );
};

export default renewals;
