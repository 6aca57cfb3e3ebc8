import { type Static, Type } from 'typebox';
import { component, IdOf, Nullable, PlainText, StringEnum, Timestamp, tag, Uuid } from '../../kernel/schema.js';
import { DISPUTE_OUTCOMES, DISPUTE_SEVERITIES, DISPUTE_STATUSES, DISPUTE_SUBJECTS } from './dispute.entity.js';

/** The shapes of disputes: what the API shows of a dispute, and what it takes to raise and handle one. */
export const DISPUTES_TAG = tag(
  'disputes',
  'Disputes about claims, payments, commissions and referrals: visible to whoever raised them and to data scope all; escalated by the service when their eight-week deadline passes.',
);

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const SubjectId = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' });

export const Dispute = component(
  'Dispute',
  Type.Object(
    {
      id: Uuid,
      disputeNumber: Type.String({ maxLength: 64 }),
      status: StringEnum(DISPUTE_STATUSES),
      subjectType: StringEnum(DISPUTE_SUBJECTS),
      subjectId: Type.String({
        maxLength: 128,
        description: 'A claim id, or the id of a record of a neighbouring system',
      }),
      raisedBy: Uuid,
      raisedAt: Timestamp,
      reason: Type.String({ maxLength: 1000 }),
      description: Nullable(Type.String({ maxLength: 4000 })),
      severity: Nullable(StringEnum(DISPUTE_SEVERITIES)),
      assigneeId: Nullable(Uuid),
      triageNote: Nullable(Type.String({ maxLength: 1000 })),
      outcome: Nullable(StringEnum(DISPUTE_OUTCOMES)),
      resolution: Nullable(Type.String({ maxLength: 1000 })),
      withdrawReason: Nullable(Type.String({ maxLength: 1000 })),
      responseDueAt: Timestamp,
      resolvedAt: Nullable(Timestamp),
      closedAt: Nullable(Timestamp),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'A dispute' },
  ),
);
/** A dispute as the API shows it, and the list of disputes. */
export type DisputeView = Static<typeof Dispute>;

/** The filters of the dispute list. */
export const DisputeFilters = Type.Object({
  status: Type.Optional(StringEnum(DISPUTE_STATUSES, { description: 'Only disputes in this status' })),
  subjectType: Type.Optional(StringEnum(DISPUTE_SUBJECTS, { description: 'Only disputes about this kind of record' })),
  subjectId: Type.Optional(SubjectId),
});
export type DisputeFilters = Static<typeof DisputeFilters>;

export const RaiseDisputeInput = Type.Object(
  {
    subjectType: StringEnum(DISPUTE_SUBJECTS),
    subjectId: SubjectId,
    reason: Text(500),
    description: Type.Optional(PlainText(4000)),
  },
  { additionalProperties: false },
);
export type RaiseDisputeInput = Static<typeof RaiseDisputeInput>;

/** The bodies of the workflow actions (the dispute's id is the path's). */
export const TriageDisputeInput = Type.Object(
  {
    severity: StringEnum(DISPUTE_SEVERITIES),
    assigneeId: Type.Optional(IdOf('The handler')),
    note: Type.Optional(Text(2000)),
  },
  { additionalProperties: false },
);
export type TriageDisputeInput = Static<typeof TriageDisputeInput> & { id: string };

export const ResolveDisputeInput = Type.Object(
  { outcome: StringEnum(DISPUTE_OUTCOMES), resolution: Text(4000) },
  { additionalProperties: false },
);
export type ResolveDisputeInput = Static<typeof ResolveDisputeInput> & { id: string };

export const WithdrawDisputeInput = Type.Object({ reason: Text(500) }, { additionalProperties: false });
export type WithdrawDisputeInput = Static<typeof WithdrawDisputeInput> & { id: string };
