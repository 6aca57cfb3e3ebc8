import { Type } from 'typebox';
import { POLICY_STATUSES } from '../../../shared/domain/policies/policy.entity.js';
import { Money } from '../../../shared/kernel/money.js';
import {
  CalendarDate,
  component,
  IdOf,
  InsurerId,
  Nullable,
  Phone,
  PlainText,
  StringEnum,
  TextBlock,
  Timestamp,
  tag,
} from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

export const tags = tag(
  'policies',
  'Insurance policies in your data scope: issue, cancel, reinstate, endorse, and the timeline of what happened to each.',
);

export const HolderName = PlainText(200);
export const HolderEmail = Type.String({ format: 'email', maxLength: 254 });
export const NationalId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9 /.-]+$' });
const Reason = TextBlock(500);

const Holder = Type.Object({
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  nationalId: Nullable(Type.String()),
});

export const Policy = component(
  'Policy',
  Type.Object(
    {
      id: Type.String(),
      policyNumber: Type.String({ description: 'From the policy identifier pattern, e.g. POL-2026-000042' }),
      status: StringEnum(POLICY_STATUSES),
      agentId: Type.String({ description: 'The agent (a user) the policy belongs to' }),
      insurerId: Type.String(),
      productCode: Type.String(),
      holder: Holder,
      sumInsured: Money,
      premium: Money,
      effectiveFrom: CalendarDate,
      effectiveTo: CalendarDate,
      cancelledAt: Nullable(Timestamp),
      cancellationReason: Nullable(Type.String()),
      cancellationEffectiveDate: Nullable(CalendarDate),
      lapsedAt: Nullable(Timestamp),
      expiredAt: Nullable(Timestamp),
      reinstatedAt: Nullable(Timestamp),
      renewedFromPolicyId: Nullable(Type.String({ description: 'The policy this one renewed' })),
      renewedToPolicyId: Nullable(Type.String({ description: 'The policy that renewed this one' })),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'An insurance policy' },
  ),
);

export const TimelineEvent = component(
  'TimelineEvent',
  Type.Object(
    {
      type: Type.String({ description: 'e.g. policy.issued, endorsement.approved, policy.cancelled' }),
      subjectType: Type.String({ description: 'The record that changed: policy, endorsement, claim, renewal' }),
      subjectId: Type.String(),
      actor: Type.String({ description: 'A user id, or system / webhook' }),
      occurredAt: Timestamp,
      requestId: Nullable(Type.String({ description: 'The request that made the change (or set off the job)' })),
      data: Type.Record(Type.String(), Type.Unknown(), { description: 'What a reader needs about the event' }),
    },
    { description: 'One event of a policy timeline' },
  ),
);

const PolicyEnvelope = Envelope(Policy, 'The policy');
export const IdParams = Type.Object({ id: IdOf('The policy') });

export const listPoliciesSchema = {
  operationId: 'listPolicies',
  tags,
  summary: 'List policies',
  description:
    'The policies in your data scope (all; your insurer; or your own as agent), newest first unless sorted. A filter naming an agent or insurer outside your scope answers 403.',
  querystring: Type.Object(
    {
      ...PageQuery,
      q: SearchQuery('policy number or holder name'),
      status: Type.Optional(StringEnum(POLICY_STATUSES, { description: 'Only policies in this status' })),
      agentId: Type.Optional(IdOf('The agent')),
      insurerId: Type.Optional(InsurerId('Only policies of this insurer')),
      effectiveToBefore: Type.Optional(
        Type.String({ format: 'date', description: 'Only policies whose effectiveTo is on or before this date' }),
      ),
    },
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
  body: Type.Object(
    {
      agentId: Type.Optional(IdOf('The agent')),
      insurerId: Type.Optional(InsurerId()),
      productCode: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' }),
      holder: Type.Object(
        {
          name: HolderName,
          email: Type.Optional(HolderEmail),
          phone: Type.Optional(Phone),
          nationalId: Type.Optional(NationalId),
        },
        { additionalProperties: false },
      ),
      sumInsured: Money,
      premium: Money,
      effectiveFrom: CalendarDate,
      effectiveTo: CalendarDate,
    },
    { additionalProperties: false },
  ),
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
  querystring: Type.Object({ limit: PageQuery.limit, cursor: PageQuery.cursor }, { additionalProperties: false }),
  response: { 200: ListEnvelope(TimelineEvent), ...ERROR_RESPONSES },
};

// The summaries of the workflow actions come from the workflow table (api/http/workflow-route.ts).
export const cancelPolicySchema = {
  operationId: 'cancelPolicy',
  tags,
  description:
    "Cancels the policy from effectiveDate (today unless given; within the policy's period). Pending endorsements are withdrawn.",
  params: IdParams,
  body: Type.Object({ reason: Reason, effectiveDate: Type.Optional(CalendarDate) }, { additionalProperties: false }),
  response: { 200: PolicyEnvelope, ...ERROR_RESPONSES },
};

export const reinstatePolicySchema = {
  operationId: 'reinstatePolicy',
  tags,
  description:
    'Reinstates a cancelled or lapsed policy within the reinstatement window (30 days by default) of its cancellation or lapse; later answers 422 REINSTATEMENT_WINDOW_EXPIRED.',
  params: IdParams,
  body: Type.Object({ reason: Reason }, { additionalProperties: false }),
  response: { 200: PolicyEnvelope, ...ERROR_RESPONSES },
};
