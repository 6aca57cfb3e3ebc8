import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  approveEndorsement,
  cancelPolicy,
  createEndorsement,
  ENDORSEMENT_LIST,
  ENDORSEMENT_WORKFLOW,
  getPolicy,
  issuePolicy,
  listEndorsements,
  listPolicies,
  POLICY_LIST,
  POLICY_WORKFLOW,
  policyTimeline,
  reinstatePolicy,
  TIMELINE_LIST,
  toEndorsementView,
  toPolicyView,
  toTimelineEventView,
} from '../../../shared/domain/policies/index.js';
import { ok, sendWrite, userActOf } from '../../http/reply.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const policies: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, paginator } = app;

  app.get('/policies', { config: { permissions: ['policy:read'] }, schema: s.listPoliciesSchema }, async (request) => {
    const { limit, cursor, sort, ...filters } = request.query;
    const plan = paginator.plan(POLICY_LIST, { limit, cursor, sort });
    return paginator.respond(
      request,
      plan,
      await listPolicies(deps, userActOf(request), { filters, page: plan }),
      toPolicyView,
    );
  });

  app.post(
    '/policies',
    { config: { permissions: ['policy:issue'] }, schema: s.issuePolicySchema },
    async (request, reply) => sendWrite(request, reply, 201, (act) => issuePolicy(deps, act, request.body)),
  );

  app.get('/policies/:id', { config: { permissions: ['policy:read'] }, schema: s.getPolicySchema }, async (request) =>
    ok(request, await getPolicy(deps, userActOf(request), request.params)),
  );

  app.get(
    '/policies/:id/timeline',
    { config: { permissions: ['policy:read'] }, schema: s.policyTimelineSchema },
    async (request) => {
      const plan = paginator.plan(TIMELINE_LIST, request.query);
      const page = await policyTimeline(deps, userActOf(request), { id: request.params.id, page: plan });
      return paginator.respond(request, plan, page, toTimelineEventView);
    },
  );

  app.post(
    '/policies/:id/cancel',
    actionRoute(POLICY_WORKFLOW, 'cancel', s.cancelPolicySchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => cancelPolicy(deps, act, { ...request.params, ...request.body })),
  );

  app.post(
    '/policies/:id/reinstate',
    actionRoute(POLICY_WORKFLOW, 'reinstate', s.reinstatePolicySchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => reinstatePolicy(deps, act, { ...request.params, ...request.body })),
  );

  app.get(
    '/policies/:id/endorsements',
    { config: { permissions: ['policy:read'] }, schema: s.listEndorsementsSchema },
    async (request) => {
      const { limit, cursor, status } = request.query;
      const plan = paginator.plan(ENDORSEMENT_LIST, { limit, cursor });
      const page = await listEndorsements(deps, userActOf(request), {
        policyId: request.params.id,
        status,
        page: plan,
      });
      return paginator.respond(request, plan, page, toEndorsementView);
    },
  );

  app.post(
    '/policies/:id/endorsements',
    actionRoute(POLICY_WORKFLOW, 'endorse', s.createEndorsementSchema),
    async (request, reply) =>
      sendWrite(request, reply, 201, (act) =>
        createEndorsement(deps, act, { policyId: request.params.id, ...request.body }),
      ),
  );

  app.post(
    '/policies/:id/endorsements/:endorsementId/approve',
    actionRoute(ENDORSEMENT_WORKFLOW, 'approve', s.approveEndorsementSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) =>
        approveEndorsement(deps, act, { policyId: request.params.id, endorsementId: request.params.endorsementId }),
      ),
  );
};

export default policies;
