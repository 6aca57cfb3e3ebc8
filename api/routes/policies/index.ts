import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ENDORSEMENT_LIST,
  listEndorsements,
  toEndorsementView,
} from '../../../shared/domain/policies/endorsement.view.js';
import { approveEndorsement, createEndorsement } from '../../../shared/domain/policies/endorsements.js';
import { getPolicy, issuePolicy, listPolicies } from '../../../shared/domain/policies/policies.service.js';
import { POLICY_LIST } from '../../../shared/domain/policies/policy.list.js';
import { toPolicyView } from '../../../shared/domain/policies/policy.view.js';
import { ENDORSEMENT_WORKFLOW, POLICY_WORKFLOW } from '../../../shared/domain/policies/policy.workflow.js';
import { cancelPolicy, reinstatePolicy } from '../../../shared/domain/policies/policy-status.js';
import { policyTimeline, TIMELINE_LIST, toTimelineEventView } from '../../../shared/domain/policies/timeline.js';
import { ok, sendWrite, userActOf } from '../../http/reply.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as endorsementSchemas from '../../schemas/policies/endorsements.js';
import * as s from '../../schemas/policies/index.js';

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
    { config: { permissions: ['policy:read'] }, schema: endorsementSchemas.listEndorsementsSchema },
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
    actionRoute(POLICY_WORKFLOW, 'endorse', endorsementSchemas.createEndorsementSchema),
    async (request, reply) =>
      sendWrite(request, reply, 201, (act) =>
        createEndorsement(deps, act, { policyId: request.params.id, ...request.body }),
      ),
  );

  app.post(
    '/policies/:id/endorsements/:endorsementId/approve',
    actionRoute(ENDORSEMENT_WORKFLOW, 'approve', endorsementSchemas.approveEndorsementSchema),
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) =>
        approveEndorsement(deps, act, { policyId: request.params.id, endorsementId: request.params.endorsementId }),
      ),
  );
};

export default policies;
