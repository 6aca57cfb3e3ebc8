import { Type } from 'typebox';
import {
  AddClaimDocumentInput,
  AddClaimNoteInput,
  AssignClaimInput,
  CatastropheEvent,
  CatastropheEventId,
  Claim,
  ClaimDetail,
  ClaimDocument,
  ClaimFilters,
  ClaimNote,
  ClaimPayment,
  ClaimReasonInput,
  FileClaimInput,
  MAX_DOCUMENT_BYTES,
  RecordClaimPaymentInput,
  RequestClaimDocumentsInput,
  SettleClaimInput,
  CLAIMS_TAG as tags,
  UpsertCatastropheEventInput,
} from '../../../shared/domain/claims/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope, OPTIONAL_BODY } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const IdParams = Type.Object({ id: IdOf('The claim') });
const ClaimEnvelope = Envelope(ClaimDetail, 'The claim');

export const listClaimsSchema = {
  operationId: 'listClaims',
  tags,
  summary: 'List claims',
  description:
    'The claims in your data scope, newest first unless sorted. A filter naming an agent outside your scope answers 403.',
  querystring: Type.Object(
    { ...PageQuery, q: SearchQuery('claim number or description'), ...ClaimFilters.properties },
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
  body: FileClaimInput,
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

const claimResponse = { 200: ClaimEnvelope, ...ERROR_RESPONSES };

// The summaries of the workflow actions come from the workflow table (api/http/workflow-route.ts).
export const assignClaimSchema = {
  operationId: 'assignClaim',
  tags,
  description:
    'Assigns a handler, an active user holding claim:review (422 otherwise); a filed claim goes under review.',
  params: IdParams,
  body: AssignClaimInput,
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
  body: RequestClaimDocumentsInput,
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
  body: SettleClaimInput,
  response: claimResponse,
};
export const repudiateClaimSchema = {
  operationId: 'repudiateClaim',
  tags,
  description: 'Refuses the claim, with the reason.',
  params: IdParams,
  body: ClaimReasonInput,
  response: claimResponse,
};
export const withdrawClaimSchema = {
  operationId: 'withdrawClaim',
  tags,
  description: 'Withdraws the claim, with the reason.',
  params: IdParams,
  body: ClaimReasonInput,
  response: claimResponse,
};
export const appealClaimSchema = {
  operationId: 'appealClaim',
  tags,
  description: 'Appeals a repudiation: once per claim and within 30 days of it (422 APPEAL_LIMIT_REACHED).',
  params: IdParams,
  body: ClaimReasonInput,
  response: claimResponse,
};
export const closeClaimSchema = {
  operationId: 'closeClaim',
  tags,
  description: 'Closes a repudiated or withdrawn claim, or a settled one once fully paid (422 OUTSTANDING_PAYMENTS).',
  params: IdParams,
  response: claimResponse,
};

/** A claim's sub-records, each answered on its own when it is added. */
export const recordPaymentSchema = {
  operationId: 'recordClaimPayment',
  tags,
  description:
    "Records a payment of a settled claim, in its currency, and answers with the payment (read the claim with GET /claims/{id}). The payments never add up to more than the settled amount (422 PAYMENT_EXCEEDS_SETTLEMENT); the operational policies may cap a single payment (422 PAYMENT_LIMIT_EXCEEDED) and require the agent's KYC to be verified (422 KYC_NOT_VERIFIED). The user who filed the claim records none of its payments (403 FORBIDDEN, details.reason four_eyes), whatever they hold.",
  params: IdParams,
  body: RecordClaimPaymentInput,
  response: { 201: Envelope(ClaimPayment, 'The payment'), ...ERROR_RESPONSES },
};

export const addNoteSchema = {
  operationId: 'addClaimNote',
  tags,
  summary: 'Add a note to a claim',
  description:
    'A note, in any status, answered with the note. internal (staff only) unless visibility says shared. A caller of data scope agent sees and writes shared notes only: their notes are shared by default, and asking for internal answers 403 FORBIDDEN (details.reason shared_notes_only).',
  params: IdParams,
  body: AddClaimNoteInput,
  response: { 201: Envelope(ClaimNote, 'The note'), ...ERROR_RESPONSES },
};

export const addDocumentSchema = {
  operationId: 'addClaimDocument',
  tags,
  description: `Attaches a document's metadata (the file stays at its https URL, which names a public host: no user info, no IP address, no localhost, .local, .internal or .localhost name), up to ${MAX_DOCUMENT_BYTES} bytes, of an allowed content type; answers with the document. Refused on closed and withdrawn claims.`,
  params: IdParams,
  body: AddClaimDocumentInput,
  response: { 201: Envelope(ClaimDocument, 'The document'), ...ERROR_RESPONSES },
};

/** Catastrophe events claims may reference. */
const EventIdParams = Type.Object({ id: CatastropheEventId });

export const upsertCatastropheEventSchema = {
  operationId: 'upsertCatastropheEvent',
  tags,
  summary: 'Create or update a catastrophe event',
  description:
    'Creates the event with this id (201) or replaces its fields (200). A name another event has answers 409 CONFLICT.',
  params: EventIdParams,
  body: UpsertCatastropheEventInput,
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
  querystring: Type.Object({ ...PageQuery, q: SearchQuery('the name') }, { additionalProperties: false }),
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
