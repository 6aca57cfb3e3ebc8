import { Type } from 'typebox';
import { CLAIM_STATUSES } from '../../../shared/domain/claims/claim.entity.js';
import { DOCUMENT_CONTENT_TYPES, MAX_DOCUMENT_BYTES } from '../../../shared/domain/claims/claim-records.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';
import {
  CalendarDate,
  component,
  Envelope,
  ERROR_RESPONSES,
  IdOf,
  ListEnvelope,
  Money,
  Nullable,
  StringEnum,
  Timestamp,
  tag,
} from '../common.js';

const tags = tag(
  'claims',
  'Claims on policies in your data scope: filing, the review workflow, settlement, payments, notes, documents; and the catastrophe events claims may reference.',
);

const Reason = Type.String({ minLength: 1, maxLength: 1000 });
export const CatastropheEventId = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$',
  description: 'Chosen by the client, e.g. FLOOD-2026-04-NAIROBI',
});

const ClaimFields = {
  id: Type.String(),
  claimNumber: Type.String({ description: 'From the claim identifier pattern' }),
  status: StringEnum(CLAIM_STATUSES),
  policyId: Type.String(),
  agentId: Type.String({ description: "The policy's agent" }),
  insurerId: Type.String(),
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
      payments: Type.Array(
        Type.Object({
          id: Type.String(),
          amount: Money,
          method: Type.String(),
          reference: Type.String(),
          paidAt: Timestamp,
          recordedBy: Type.String(),
          createdAt: Timestamp,
        }),
      ),
      notes: Type.Array(
        Type.Object({ id: Type.String(), body: Type.String(), author: Type.String(), createdAt: Timestamp }),
      ),
      documents: Type.Array(
        Type.Object({
          id: Type.String(),
          name: Type.String(),
          contentType: Type.String(),
          sizeBytes: Type.Integer(),
          sha256: Type.String(),
          url: Type.String(),
          addedBy: Type.String(),
          createdAt: Timestamp,
        }),
      ),
      history: Type.Array(
        Type.Object({
          type: Type.String({ description: 'e.g. claim.filed, claim.settled, claim.payment_recorded' }),
          actor: Type.String(),
          occurredAt: Timestamp,
          requestId: Nullable(Type.String()),
          data: Type.Record(Type.String(), Type.Unknown()),
        }),
        { description: 'What happened to the claim, oldest first' },
      ),
    },
    { description: 'A claim with its payments, notes, documents and history' },
  ),
);

export const CatastropheEvent = component(
  'CatastropheEvent',
  Type.Object(
    {
      id: Type.String(),
      name: Type.String(),
      peril: Type.String({ description: 'e.g. flood, storm, earthquake, wildfire, drought' }),
      region: Type.String(),
      startsOn: CalendarDate,
      endsOn: Nullable(CalendarDate),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'A catastrophe claims may reference' },
  ),
);

const ClaimEnvelope = Envelope(ClaimDetail, 'The claim');
const IdParams = Type.Object({ id: IdOf('The claim') });

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
      description: Type.String({ minLength: 1, maxLength: 4000 }),
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
  description: 'Asks for documents; the claim waits for them.',
  params: IdParams,
  body: Type.Object(
    { documents: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 })) },
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
    "Settles at an amount in the claim's currency, more than zero (400; a claim worth nothing is repudiated), at most the claimed amount and the sum insured (422 SETTLEMENT_EXCEEDS_COVER).",
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

export const recordPaymentSchema = {
  operationId: 'recordClaimPayment',
  tags,
  description:
    "Records a payment of a settled claim, in its currency. The payments never add up to more than the settled amount (422 PAYMENT_EXCEEDS_SETTLEMENT); the operational policies may cap a single payment (422 PAYMENT_LIMIT_EXCEEDED) and require the agent's KYC to be verified (422 KYC_NOT_VERIFIED).",
  params: IdParams,
  body: Type.Object(
    {
      amount: Money,
      method: StringEnum(['bank_transfer', 'mobile_money', 'cheque', 'card'] as const),
      reference: Type.String({ minLength: 1, maxLength: 100 }),
      paidAt: Timestamp,
    },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(ClaimDetail, 'The claim with the payment'), ...ERROR_RESPONSES },
};

export const addNoteSchema = {
  operationId: 'addClaimNote',
  tags,
  summary: 'Add a note to a claim',
  description: 'A note, in any status.',
  params: IdParams,
  body: Type.Object({ body: Type.String({ minLength: 1, maxLength: 10_000 }) }, { additionalProperties: false }),
  response: { 201: Envelope(ClaimDetail, 'The claim with the note'), ...ERROR_RESPONSES },
};

export const addDocumentSchema = {
  operationId: 'addClaimDocument',
  tags,
  description: `Attaches a document's metadata (the file stays at its https URL), up to ${MAX_DOCUMENT_BYTES} bytes, of an allowed content type. Refused on closed and withdrawn claims.`,
  params: IdParams,
  body: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 255, pattern: '^[^/\\\\\\u0000-\\u001f]+$' }),
      contentType: StringEnum(DOCUMENT_CONTENT_TYPES),
      sizeBytes: Type.Integer({ minimum: 1, maximum: MAX_DOCUMENT_BYTES }),
      sha256: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }),
      url: Type.String({ format: 'uri', pattern: '^https://', maxLength: 2000 }),
    },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(ClaimDetail, 'The claim with the document'), ...ERROR_RESPONSES },
};

const EventIdParams = Type.Object({ id: CatastropheEventId });

export const upsertCatastropheEventSchema = {
  operationId: 'upsertCatastropheEvent',
  tags,
  summary: 'Create or update a catastrophe event',
  description:
    'Creates the event with this id (201) or replaces its fields (200). A name another event has answers 409 CONFLICT.',
  params: EventIdParams,
  body: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 200 }),
      peril: Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'e.g. flood, storm, earthquake, wildfire, drought',
      }),
      region: Type.String({ minLength: 1, maxLength: 200 }),
      startsOn: CalendarDate,
      endsOn: Type.Optional(Nullable(CalendarDate)),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Envelope(CatastropheEvent, 'The event, updated'),
    201: Envelope(CatastropheEvent, 'The event, created'),
    ...ERROR_RESPONSES,
  },
};

export const listCatastropheEventsSchema = {
  operationId: 'listCatastropheEvents',
  tags,
  summary: 'List catastrophe events',
  description: 'Every catastrophe event, newest first unless sorted.',
  querystring: Type.Object(
    {
      ...PageQuery,
      q: SearchQuery('the name'),
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(CatastropheEvent), ...ERROR_RESPONSES },
};

export const getCatastropheEventSchema = {
  operationId: 'getCatastropheEvent',
  tags,
  summary: 'Get a catastrophe event',
  description: 'One catastrophe event.',
  params: EventIdParams,
  response: { 200: Envelope(CatastropheEvent, 'The event'), ...ERROR_RESPONSES },
};
