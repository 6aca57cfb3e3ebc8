import { Type } from 'typebox';
import { VISIBILITIES } from '../../../shared/domain/access/visibility.js';
import { DOCUMENT_CONTENT_TYPES, MAX_DOCUMENT_BYTES } from '../../../shared/domain/claims/claim-records.js';
import { Money } from '../../../shared/kernel/money.js';
import {
  component,
  IdOf,
  PlainText,
  PublicHttpsUrl,
  StringEnum,
  TextBlock,
  Timestamp,
  tag,
} from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES } from '../../http/envelope.js';

export const tags = tag(
  'claims',
  'Claims on policies in your data scope: filing, the review workflow, settlement, payments, notes, documents; and the catastrophe events claims may reference.',
);
export const IdParams = Type.Object({ id: IdOf('The claim') });

/** A claim's sub-records: payments, notes and documents, each answered on its own when it is added. */
export const ClaimPayment = component(
  'ClaimPayment',
  Type.Object(
    {
      id: Type.String(),
      amount: Money,
      method: Type.String(),
      reference: Type.String(),
      paidAt: Timestamp,
      recordedBy: Type.String({ description: 'The user who recorded it' }),
      createdAt: Timestamp,
    },
    { description: 'A payment of a settled claim' },
  ),
);

export const ClaimNote = component(
  'ClaimNote',
  Type.Object(
    {
      id: Type.String(),
      body: Type.String(),
      visibility: StringEnum(VISIBILITIES, {
        description: 'internal: staff only; shared: also the policy agent (data scope agent sees shared notes only)',
      }),
      author: Type.String(),
      createdAt: Timestamp,
    },
    { description: 'A note on a claim' },
  ),
);

export const ClaimDocument = component(
  'ClaimDocument',
  Type.Object(
    {
      id: Type.String(),
      name: Type.String(),
      contentType: Type.String(),
      sizeBytes: Type.Integer(),
      sha256: Type.String(),
      url: Type.String(),
      addedBy: Type.String(),
      createdAt: Timestamp,
    },
    { description: "A document's metadata; the file is at its URL" },
  ),
);

export const recordPaymentSchema = {
  operationId: 'recordClaimPayment',
  tags,
  description:
    "Records a payment of a settled claim, in its currency, and answers with the payment (read the claim with GET /claims/{id}). The payments never add up to more than the settled amount (422 PAYMENT_EXCEEDS_SETTLEMENT); the operational policies may cap a single payment (422 PAYMENT_LIMIT_EXCEEDED) and require the agent's KYC to be verified (422 KYC_NOT_VERIFIED). The user who filed the claim records none of its payments (403 FORBIDDEN, details.reason four_eyes), whatever they hold.",
  params: IdParams,
  body: Type.Object(
    {
      amount: Money,
      method: StringEnum(['bank_transfer', 'mobile_money', 'cheque', 'card'] as const),
      reference: PlainText(100),
      paidAt: Timestamp,
    },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(ClaimPayment, 'The payment'), ...ERROR_RESPONSES },
};

export const addNoteSchema = {
  operationId: 'addClaimNote',
  tags,
  summary: 'Add a note to a claim',
  description:
    'A note, in any status, answered with the note. internal (staff only) unless visibility says shared. A caller of data scope agent sees and writes shared notes only: their notes are shared by default, and asking for internal answers 403 FORBIDDEN (details.reason shared_notes_only).',
  params: IdParams,
  body: Type.Object(
    {
      body: TextBlock(10_000),
      visibility: Type.Optional(StringEnum(VISIBILITIES, { description: 'internal by default; agents: shared' })),
    },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(ClaimNote, 'The note'), ...ERROR_RESPONSES },
};

export const addDocumentSchema = {
  operationId: 'addClaimDocument',
  tags,
  description: `Attaches a document's metadata (the file stays at its https URL, which names a public host: no user info, no IP address, no localhost, .local, .internal or .localhost name), up to ${MAX_DOCUMENT_BYTES} bytes, of an allowed content type; answers with the document. Refused on closed and withdrawn claims.`,
  params: IdParams,
  body: Type.Object(
    {
      name: PlainText(255, { pattern: '^[^/\\\\]+$', description: 'A file name, without a path' }),
      contentType: StringEnum(DOCUMENT_CONTENT_TYPES),
      sizeBytes: Type.Integer({ minimum: 1, maximum: MAX_DOCUMENT_BYTES }),
      sha256: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }),
      url: PublicHttpsUrl(2000),
    },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(ClaimDocument, 'The document'), ...ERROR_RESPONSES },
};
