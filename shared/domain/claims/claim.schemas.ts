import { type Static, Type } from 'typebox';
import { Money, PositiveMoney } from '../../kernel/money.js';
import {
  CalendarDate,
  component,
  IdOf,
  Int32,
  Nullable,
  PlainText,
  StringEnum,
  TextBlock,
  Timestamp,
  tag,
  Uuid,
} from '../../kernel/schema.js';
import { CatastropheEventId } from './catastrophe-events.schemas.js';
import { CLAIM_STATUSES } from './claim.entity.js';
import { ClaimDocument, ClaimNote, ClaimPayment } from './claim-records.schemas.js';

/** The shapes of claims: what the API shows of a claim, and what it takes to file one and act on it. */
export const CLAIMS_TAG = tag(
  'claims',
  'Claims on policies in your data scope: filing, the review workflow, settlement, payments, notes, documents; and the catastrophe events claims may reference.',
);

const ClaimFields = {
  id: Uuid,
  claimNumber: Type.String({ maxLength: 64, description: 'From the claim identifier pattern' }),
  status: StringEnum(CLAIM_STATUSES),
  policyId: Uuid,
  agentId: Type.String({ format: 'uuid', maxLength: 36, description: "The policy's agent" }),
  insurerId: Type.String({ maxLength: 64 }),
  filedBy: Nullable(
    Type.String({
      format: 'uuid',
      maxLength: 36,
      description:
        'The user who filed the claim, who can neither settle it nor record its payments (four eyes); null for a claim filed before this was recorded whose filer is unknown',
    }),
  ),
  filedAt: Timestamp,
  catastropheEventId: Nullable(Type.String({ maxLength: 64 })),
  incidentDate: CalendarDate,
  description: Type.String({ maxLength: 4000 }),
  claimedAmount: Money,
  settledAmount: Nullable(Money),
  paidAmount: Money,
  assigneeId: Nullable(Uuid),
  appealCount: Int32(),
  reasons: Type.Object(
    {
      repudiate: Type.Optional(Type.String({ maxLength: 1000 })),
      withdraw: Type.Optional(Type.String({ maxLength: 1000 })),
      appeal: Type.Optional(Type.String({ maxLength: 1000 })),
      settle: Type.Optional(Type.String({ maxLength: 1000 })),
    },
    { description: 'What was said with each action that takes a reason or note' },
  ),
  requestedDocuments: Nullable(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

export const Claim = component('Claim', Type.Object(ClaimFields, { description: 'A claim, as lists show it' }));
/** A claim as lists show it. */
export type ClaimView = Static<typeof Claim>;

export const ClaimHistoryEntry = component(
  'ClaimHistoryEntry',
  Type.Object(
    {
      type: Type.String({ maxLength: 64, description: 'e.g. claim.filed, claim.settled, claim.payment_recorded' }),
      recordedBy: Type.String({
        maxLength: 64,
        description: 'Who made the change: a user or client id, or system / webhook',
      }),
      recordedAt: Timestamp,
      actor: Type.String({
        maxLength: 64,
        deprecated: true,
        description: 'Deprecated: use recordedBy; kept until the next release (see CHANGELOG.md)',
      }),
      occurredAt: Timestamp,
      requestId: Nullable(Type.String({ maxLength: 128 })),
      data: Type.Record(Type.String(), Type.Unknown()),
    },
    { description: "One event of a claim's history" },
  ),
);
/** One event of a claim's history. */
export type ClaimHistoryEntry = Static<typeof ClaimHistoryEntry>;

export const ClaimDetail = component(
  'ClaimDetail',
  Type.Object(
    {
      ...ClaimFields,
      payments: Type.Array(ClaimPayment, {
        maxItems: 20,
        description: 'The latest 20 payments, oldest first; every one at GET /claims/{id}/payments',
      }),
      notes: Type.Array(ClaimNote, {
        maxItems: 20,
        description:
          'The latest 20 notes, oldest first (for data scope agent, the shared notes only); every one at GET /claims/{id}/notes',
      }),
      documents: Type.Array(ClaimDocument, {
        maxItems: 20,
        description: 'The latest 20 documents, oldest first; every one at GET /claims/{id}/documents',
      }),
      history: Type.Array(ClaimHistoryEntry, {
        maxItems: 20,
        description:
          "The latest 20 events of what happened to the claim, oldest first (for data scope agent, no internal note's event); every one at GET /claims/{id}/history",
      }),
      counts: Type.Object(
        {
          payments: Int32({ minimum: 0 }),
          notes: Int32({ minimum: 0 }),
          documents: Int32({ minimum: 0 }),
          history: Int32({ minimum: 0 }),
        },
        { description: 'How many of each the claim has, as you may see them (the embedded lists hold at most 20)' },
      ),
    },
    { description: 'A claim with its latest payments, notes, documents and history, and how many of each it has' },
  ),
);
/** GET /claims/{id}: the claim with its sub-records and its own history, oldest first. */
export type ClaimDetailView = Static<typeof ClaimDetail>;

/** The filters of the claim list. */
export const ClaimFilters = Type.Object({
  status: Type.Optional(StringEnum(CLAIM_STATUSES, { description: 'Only claims in this status' })),
  policyId: Type.Optional(IdOf('The policy')),
  agentId: Type.Optional(IdOf('The agent')),
  catastropheEventId: Type.Optional(CatastropheEventId),
});
export type ClaimFilters = Static<typeof ClaimFilters>;

export const FileClaimInput = Type.Object(
  {
    policyId: IdOf('The policy'),
    incidentDate: CalendarDate,
    description: PlainText(4000),
    claimedAmount: PositiveMoney,
    catastropheEventId: Type.Optional(CatastropheEventId),
  },
  { additionalProperties: false },
);
export type FileClaimInput = Static<typeof FileClaimInput>;

/** The bodies of the workflow actions that take one (the claim's id is the path's). */
const Reason = TextBlock(1000);
export const ClaimReasonInput = Type.Object({ reason: Reason }, { additionalProperties: false });
export const AssignClaimInput = Type.Object({ assigneeId: IdOf('The handler') }, { additionalProperties: false });
export const RequestClaimDocumentsInput = Type.Object(
  { documents: Type.Optional(Type.Array(PlainText(200), { maxItems: 50 })) },
  { additionalProperties: false },
);
export const SettleClaimInput = Type.Object(
  { amount: PositiveMoney, note: Type.Optional(Reason) },
  { additionalProperties: false },
);
