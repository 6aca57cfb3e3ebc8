import { type Static, Type } from 'typebox';
import { Money, PositiveMoney } from '../../kernel/money.js';
import {
  component,
  Int32,
  PlainText,
  PublicHttpsUrl,
  StringEnum,
  TextBlock,
  Timestamp,
  Uuid,
} from '../../kernel/schema.js';
import { NOTE_VISIBILITIES } from './claim.entity.js';

/** Content types a claim document may have: documents and photographs, nothing executable. */
export const DOCUMENT_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/tiff',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
/** 25 MiB: the largest document a claim takes (the file itself lives at its URL). */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;

/** A claim's sub-records: payments, notes and documents, each answered on its own when it is added. */
export const ClaimPayment = component(
  'ClaimPayment',
  Type.Object(
    {
      id: Uuid,
      claimId: Uuid,
      amount: Money,
      method: Type.String({ maxLength: 32 }),
      reference: Type.String({ maxLength: 100 }),
      paidAt: Timestamp,
      recordedBy: Type.String({ maxLength: 64, description: 'The user or client who recorded it' }),
      recordedAt: Timestamp,
      createdAt: Timestamp,
    },
    { description: 'A payment of a settled claim' },
  ),
);
export type ClaimPaymentView = Static<typeof ClaimPayment>;

export const ClaimNote = component(
  'ClaimNote',
  Type.Object(
    {
      id: Uuid,
      claimId: Uuid,
      body: Type.String({ maxLength: 10000 }),
      visibility: StringEnum(NOTE_VISIBILITIES, {
        description: 'internal: staff only; shared: also the policy agent (data scope agent sees shared notes only)',
      }),
      addedBy: Type.String({ maxLength: 64, description: 'The user or client who added it' }),
      addedAt: Timestamp,
      author: Type.String({
        maxLength: 64,
        deprecated: true,
        description: 'Deprecated: use addedBy; kept until the next release (see CHANGELOG.md)',
      }),
      createdAt: Timestamp,
    },
    { description: 'A note on a claim' },
  ),
);
export type ClaimNoteView = Static<typeof ClaimNote>;

export const ClaimDocument = component(
  'ClaimDocument',
  Type.Object(
    {
      id: Uuid,
      claimId: Uuid,
      name: Type.String({ maxLength: 255 }),
      contentType: Type.String({ maxLength: 100 }),
      sizeBytes: Int32(),
      sha256: Type.String({ maxLength: 64 }),
      url: Type.String({ maxLength: 2000 }),
      addedBy: Type.String({ maxLength: 64, description: 'The user or client who added it' }),
      addedAt: Timestamp,
      createdAt: Timestamp,
    },
    { description: "A document's metadata; the file is at its URL" },
  ),
);
export type ClaimDocumentView = Static<typeof ClaimDocument>;

/** What it takes to record a payment, add a note or attach a document (the claim's id is the path's). */
export const RecordClaimPaymentInput = Type.Object(
  {
    amount: PositiveMoney,
    method: StringEnum(['bank_transfer', 'mobile_money', 'cheque', 'card'] as const),
    reference: PlainText(100),
    paidAt: Timestamp,
  },
  { additionalProperties: false },
);
export type RecordClaimPaymentInput = Static<typeof RecordClaimPaymentInput> & { id: string };

export const AddClaimNoteInput = Type.Object(
  {
    body: TextBlock(10_000),
    visibility: Type.Optional(StringEnum(NOTE_VISIBILITIES, { description: 'internal by default; agents: shared' })),
  },
  { additionalProperties: false },
);
export type AddClaimNoteInput = Static<typeof AddClaimNoteInput> & { id: string };

export const AddClaimDocumentInput = Type.Object(
  {
    name: PlainText(255, { pattern: '^[^/\\\\]+$', description: 'A file name, without a path' }),
    contentType: StringEnum(DOCUMENT_CONTENT_TYPES),
    sizeBytes: Int32({ minimum: 1, maximum: MAX_DOCUMENT_BYTES }),
    sha256: Type.String({ maxLength: 64, pattern: '^[0-9a-fA-F]{64}$' }),
    url: PublicHttpsUrl(2000),
  },
  { additionalProperties: false },
);
export type AddClaimDocumentInput = Static<typeof AddClaimDocumentInput> & { id: string };
