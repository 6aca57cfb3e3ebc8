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
import { can, list, listOf, read, write } from '../../http/operation.js';
import { actionRoute } from '../../http/workflow-route.js';
import * as s from './schemas.js';

const policies: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/policies',
    { config: can('policy:read'), schema: s.listPoliciesSchema },
    list(POLICY_LIST, listPolicies, toPolicyView),
  );
  app.post(
    '/policies',
    { config: { ...can('policy:issue'), errors: ['INVARIANT_VIOLATION'] }, schema: s.issuePolicySchema },
    write(201, issuePolicy),
  );
  app.get('/policies/:id', { config: can('policy:read'), schema: s.getPolicySchema }, read(getPolicy));
  app.get(
    '/policies/:id/timeline',
    { config: can('policy:read'), schema: s.policyTimelineSchema },
    listOf(TIMELINE_LIST, policyTimeline, toTimelineEventView),
  );
  app.post(
    '/policies/:id/cancel',
    actionRoute(POLICY_WORKFLOW, 'cancel', s.cancelPolicySchema, { errors: ['INVARIANT_VIOLATION'] }),
    write(200, cancelPolicy),
  );
  app.post(
    '/policies/:id/reinstate',
    actionRoute(POLICY_WORKFLOW, 'reinstate', s.reinstatePolicySchema, {
      errors: ['REINSTATEMENT_WINDOW_EXPIRED', 'ARREARS_OUTSTANDING'],
    }),
    write(200, reinstatePolicy),
  );
  app.get(
    '/policies/:id/endorsements',
    { config: can('policy:read'), schema: s.listEndorsementsSchema },
    listOf(ENDORSEMENT_LIST, listEndorsements, toEndorsementView, { rename: { id: 'policyId' } }),
  );
  app.post(
    '/policies/:id/endorsements',
    actionRoute(POLICY_WORKFLOW, 'endorse', s.createEndorsementSchema, { errors: ['INVARIANT_VIOLATION'] }),
    write(201, createEndorsement, { rename: { id: 'policyId' } }),
  );
  app.post(
    '/policies/:id/endorsements/:endorsementId/approve',
    actionRoute(ENDORSEMENT_WORKFLOW, 'approve', s.approveEndorsementSchema, { errors: ['INVARIANT_VIOLATION'] }),
    write(200, approveEndorsement, { rename: { id: 'policyId' } }),
  );
};

export default policies;
