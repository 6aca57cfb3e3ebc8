import { Type } from 'typebox';
import {
  CancelPolicyInput,
  CreateEndorsementInput,
  Endorsement,
  EndorsementFilters,
  IssuePolicyInput,
  Policy,
  PolicyFilters,
  ReinstatePolicyInput,
  TimelineEvent,
  POLICIES_TAG as tags,
} from '../../../shared/domain/policies/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const PolicyEnvelope = Envelope(Policy, 'The policy');
const IdParams = Type.Object({ id: IdOf('The policy') });

export const listPoliciesSchema = {
  operationId: 'listPolicies',
  tags,
  summary: 'List policies',
  description:
    'The policies in your data scope (all; your insurer; or your own as agent), newest first unless sorted. A filter naming an agent or insurer outside your scope answers 403.',
  querystring: Type.Object(
    { ...PageQuery, q: SearchQuery('policy number or holder name'), ...PolicyFilters.properties },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(Policy), ...ERROR_RESPONSES },
};

export const issuePolicySchema = {
  operationId: 'issuePolicy',
  tags,
  summary: 'Issue a policy',
  description:
    "Issues an active policy numbered by the policy identifier pattern. An agent issues their own (agentId defaults to them); an insurer's staff issue for their insurer (insurerId defaults to it). sumInsured and premium share one currency; effectiveTo is after effectiveFrom and at most 50 years later (the same day; 28 February for 29 February). Dates lie between 1900-01-01 and 2999-12-31.",
  body: IssuePolicyInput,
  response: { 201: Envelope(Policy, 'The policy issued'), ...ERROR_RESPONSES },
};

export const getPolicySchema = {
  operationId: 'getPolicy',
  tags,
  summary: 'Get a policy',
  description: 'One policy of your data scope; 404 for any other.',
  params: IdParams,
  response: { 200: PolicyEnvelope, ...ERROR_RESPONSES },
};

export const policyTimelineSchema = {
  operationId: 'getPolicyTimeline',
  tags,
  summary: 'A policy timeline',
  description:
    'What happened to the policy, oldest first: issued, endorsements created, approved and withdrawn, cancelled, reinstated, renewals and claims, each with actor, time and request id.',
  params: IdParams,
  querystring: Type.Object(
    { limit: PageQuery.limit, cursor: PageQuery.cursor, updatedSince: PageQuery.updatedSince },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(TimelineEvent), ...ERROR_RESPONSES },
};

// The summaries of the workflow actions come from the workflow table (api/http/workflow-route.ts).
export const cancelPolicySchema = {
  operationId: 'cancelPolicy',
  tags,
  description:
    "Cancels the policy from effectiveDate (today unless given; within the policy's period). Pending endorsements are withdrawn.",
  params: IdParams,
  body: CancelPolicyInput,
  response: { 200: PolicyEnvelope, ...ERROR_RESPONSES },
};

export const reinstatePolicySchema = {
  operationId: 'reinstatePolicy',
  tags,
  description:
    'Reinstates a cancelled or lapsed policy within the reinstatement window (30 days by default) of its cancellation or lapse; later answers 422 REINSTATEMENT_WINDOW_EXPIRED.',
  params: IdParams,
  body: ReinstatePolicyInput,
  response: { 200: PolicyEnvelope, ...ERROR_RESPONSES },
};

export const createEndorsementSchema = {
  operationId: 'createEndorsement',
  tags,
  description:
    "Proposes a change to an active or reinstated policy; it applies when approved. effectiveDate is within the policy's period; money changes are in the policy currency; changes.effectiveTo keeps the term at most 50 years (400).",
  params: IdParams,
  body: CreateEndorsementInput,
  response: { 201: Envelope(Endorsement, 'The endorsement, pending'), ...ERROR_RESPONSES },
};

export const listEndorsementsSchema = {
  operationId: 'listEndorsements',
  tags,
  summary: 'List endorsements of a policy',
  description: 'The endorsements of a policy in your data scope, oldest first.',
  params: IdParams,
  querystring: Type.Object(
    {
      limit: PageQuery.limit,
      cursor: PageQuery.cursor,
      updatedSince: PageQuery.updatedSince,
      ...EndorsementFilters.properties,
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(Endorsement), ...ERROR_RESPONSES },
};

export const approveEndorsementSchema = {
  operationId: 'approveEndorsement',
  tags,
  description:
    'Approves a pending endorsement and applies its changes to the policy in the same transaction. A second approval answers 422 INVALID_TRANSITION; the user who created the endorsement cannot approve it (403 FORBIDDEN, details.reason four_eyes), whatever they hold.',
  params: Type.Object({ id: IdOf('The policy'), endorsementId: IdOf('The endorsement') }),
  response: {
    200: Envelope(
      Type.Object({ endorsement: Endorsement, policy: Policy }),
      'The endorsement, approved, and the policy with its changes',
    ),
    ...ERROR_RESPONSES,
  },
};
