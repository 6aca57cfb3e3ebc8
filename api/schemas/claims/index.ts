import { Type } from 'typebox';
import { CLAIM_STATUSES } from '../../../shared/domain/claims/claim.entity.js';
import { Money } from '../../../shared/kernel/money.js';
import {
  CalendarDate,
  component,
  IdOf,
  Nullable,
  PlainText,
  StringEnum,
  TextBlock,
  Timestamp,
} from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope, OPTIONAL_BODY } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';
import { CatastropheEventId } from './catastrophe-events.js';
import { ClaimDocument, ClaimNote, ClaimPayment, IdParams, tags } from './records.js';

export * from './catastrophe-events.js';
export * from './records.js';

const Reason = TextBlock(1000);

const ClaimFields = {
  id: Type.String(),
  claimNumber: Type.String({ description: 'From the claim identifier pattern' }),
  status: StringEnum(CLAIM_STATUSES),
  policyId: Type.String(),
  agentId: Type.String({ description: "The policy's agent" }),
  insurerId: Type.String(),
  filedBy: Nullable(
    Type.String({
      description:
        'The user who filed the claim, who can neither settle it nor record its payments (four eyes); null for a claim filed before this was recorded whose filer is unknown',
    }),
  ),
  catastropheEventId: Nullable(Type.String()),
  incidentDate: CalendarDate,
  description: Type.String(),
  claimedAmount: Money,
  settledAmount: Nullable(Money),
  paidAmount: Money,
  assigneeId: Nullable(Type.String()),
  appealCount: Type.Integer(),
  reasons: Type.Object(
    {
      repudiate: Type.Optional(Type.String()),
      withdraw: Type.Optional(Type.String()),
      appeal: Type.Optional(Type.String()),
      settle: Type.Optional(Type.String()),
    },
    { description: 'What was said with each action that takes a reason or note' },
  ),
  requestedDocuments: Nullable(Type.Array(Type.String())),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

export const Claim = component('Claim', Type.Object(ClaimFields, { description: 'A claim, as lists show it' }));

export const ClaimDetail = component(
  'ClaimDetail',
  Type.Object(
    {
      ...ClaimFields,
      payments: Type.Array(ClaimPayment),
      notes: Type.Array(ClaimNote, { description: 'For data scope agent, the shared notes only' }),
      documents: Type.Array(ClaimDocument),
      history: Type.Array(
        Type.Object({
          type: Type.String({ description: 'e.g. claim.filed, claim.settled, claim.payment_recorded' }),
          actor: Type.String(),
          occurredAt: Timestamp,
          requestId: Nullable(Type.String()),
          data: Type.Record(Type.String(), Type.Unknown()),
        }),
        { description: "What happened to the claim, oldest first (for data scope agent, no internal note's event)" },
      ),
    },
    { description: 'A claim with its payments, notes, documents and history' },
  ),
);

const ClaimEnvelope = Envelope(ClaimDetail, 'The claim');

export const listClaimsSchema = {
  operationId: 'listClaims',
  tags,
  summary: 'List claims',
  description:
    'The claims in your data scope, newest first unless sorted. A filter naming an agent outside your scope answers 403.',
  querystring: Type.Object(
    {
      ...PageQuery,
      q: SearchQuery('claim number or description'),
      status: Type.Optional(StringEnum(CLAIM_STATUSES, { description: 'Only claims in this status' })),
      policyId: Type.Optional(IdOf('The policy')),
      agentId: Type.Optional(IdOf('The agent')),
      catastropheEventId: Type.Optional(CatastropheEventId),
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(Claim), ...ERROR_RESPONSES },
};

export const fileClaimSchema = {
  operationId: 'fileClaim',
  tags,
  summary: 'File a claim',
  description:
    'Files a claim on a policy of your scope: the policy must be active or reinstated (422 POLICY_NOT_ACTIVE), the incident within its period (422 INCIDENT_OUTSIDE_COVER), the amount in its currency.',
  body: Type.Object(
    {
      policyId: IdOf('The policy'),
      incidentDate: CalendarDate,
      description: PlainText(4000),
      claimedAmount: Money,
      catastropheEventId: Type.Optional(CatastropheEventId),
    },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(ClaimDetail, 'The claim, filed'), ...ERROR_RESPONSES },
};

export const getClaimSchema = {
  operationId: 'getClaim',
  tags,
  summary: 'Get a claim',
  description: 'One claim of your data scope with its payments, notes, documents and history; 404 for any other.',
  params: IdParams,
  response: { 200: ClaimEnvelope, ...ERROR_RESPONSES },
};

const ReasonBody = Type.Object({ reason: Reason }, { additionalProperties: false });
const claimResponse = { 200: ClaimEnvelope, ...ERROR_RESPONSES };

// The summaries of the workflow actions come from the workflow table (api/http/workflow-route.ts).
export const assignClaimSchema = {
  operationId: 'assignClaim',
  tags,
  description:
    'Assigns a handler, an active user holding claim:review (422 otherwise); a filed claim goes under review.',
  params: IdParams,
  body: Type.Object({ assigneeId: IdOf('The handler') }, { additionalProperties: false }),
  response: claimResponse,
};
export const investigateClaimSchema = {
  operationId: 'investigateClaim',
  tags,
  description: 'Starts an investigation of a claim under review.',
  params: IdParams,
  response: claimResponse,
};
export const requestDocumentsSchema = {
  operationId: 'requestClaimDocuments',
  tags,
  description: 'Asks for documents; the claim waits for them. The body may be left out (no body is taken as {}).',
  ...OPTIONAL_BODY,
  params: IdParams,
  body: Type.Object(
    { documents: Type.Optional(Type.Array(PlainText(200), { maxItems: 50 })) },
    { additionalProperties: false },
  ),
  response: claimResponse,
};
export const reviewClaimSchema = {
  operationId: 'reviewClaim',
  tags,
  description: 'Takes the claim (back) under review.',
  params: IdParams,
  response: claimResponse,
};
export const settleClaimSchema = {
  operationId: 'settleClaim',
  tags,
  description:
    "Settles at an amount in the claim's currency, more than zero (400; a claim worth nothing is repudiated), at most the claimed amount and the sum insured (422 SETTLEMENT_EXCEEDS_COVER). The user who filed the claim cannot settle it (403 FORBIDDEN, details.reason four_eyes), whatever they hold.",
  params: IdParams,
  body: Type.Object({ amount: Money, note: Type.Optional(Reason) }, { additionalProperties: false }),
  response: claimResponse,
};
export const repudiateClaimSchema = {
  operationId: 'repudiateClaim',
  tags,
  description: 'Refuses the claim, with the reason.',
  params: IdParams,
  body: ReasonBody,
  response: claimResponse,
};
export const withdrawClaimSchema = {
  operationId: 'withdrawClaim',
  tags,
  description: 'Withdraws the claim, with the reason.',
  params: IdParams,
  body: ReasonBody,
  response: claimResponse,
};
export const appealClaimSchema = {
  operationId: 'appealClaim',
  tags,
  description: 'Appeals a repudiation: once per claim and within 30 days of it (422 APPEAL_LIMIT_REACHED).',
  params: IdParams,
  body: ReasonBody,
  response: claimResponse,
};
export const closeClaimSchema = {
  operationId: 'closeClaim',
  tags,
  description: 'Closes a repudiated or withdrawn claim, or a settled one once fully paid (422 OUTSTANDING_PAYMENTS).',
  params: IdParams,
  response: claimResponse,
};
