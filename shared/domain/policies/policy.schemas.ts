import { type Static, Type } from 'typebox';
import { Money, PositiveMoney } from '../../kernel/money.js';
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
  Uuid,
} from '../../kernel/schema.js';
import { PremiumFrequency } from '../premiums/index.js';
import { POLICY_STATUSES } from './policy.entity.js';

/** The shapes of policies: what the API shows of a policy and its timeline, and what it takes to issue and change one. */
export const POLICIES_TAG = tag(
  'policies',
  'Insurance policies in your data scope: issue, cancel, reinstate, endorse, and the timeline of what happened to each.',
);

export const HolderName = PlainText(200);
export const HolderEmail = Type.String({ format: 'email', maxLength: 254 });
export const NationalId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9 /.-]+$' });
const Reason = TextBlock(500);

const Holder = Type.Object({
  name: Type.String({ maxLength: 255 }),
  email: Nullable(Type.String({ maxLength: 254 })),
  phone: Nullable(Type.String({ maxLength: 32 })),
  nationalId: Nullable(Type.String({ maxLength: 64 })),
});

export const Policy = component(
  'Policy',
  Type.Object(
    {
      id: Uuid,
      policyNumber: Type.String({
        maxLength: 64,
        description: 'From the policy identifier pattern, e.g. POL-2026-000042',
      }),
      status: StringEnum(POLICY_STATUSES),
      agentId: Type.String({ format: 'uuid', maxLength: 36, description: 'The agent (a user) the policy belongs to' }),
      insurerId: Type.String({ maxLength: 64 }),
      productCode: Type.String({ maxLength: 64 }),
      holder: Holder,
      sumInsured: Money,
      premium: Money,
      premiumFrequency: PremiumFrequency,
      effectiveFrom: CalendarDate,
      effectiveTo: CalendarDate,
      cancelledAt: Nullable(Timestamp),
      cancellationReason: Nullable(Type.String({ maxLength: 1000 })),
      cancellationEffectiveDate: Nullable(CalendarDate),
      unearnedPremium: {
        ...Nullable(Money),
        description:
          'Cancelled policies: paid premium for the days after the cancellation date, pro rata by days; null otherwise',
      },
      lapsedAt: Nullable(Timestamp),
      expiredAt: Nullable(Timestamp),
      reinstatedAt: Nullable(Timestamp),
      renewedFromPolicyId: Nullable(
        Type.String({ format: 'uuid', maxLength: 36, description: 'The policy this one renewed' }),
      ),
      renewedToPolicyId: Nullable(
        Type.String({ format: 'uuid', maxLength: 36, description: 'The policy that renewed this one' }),
      ),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'An insurance policy' },
  ),
);
/** A policy as the API shows it. */
export type PolicyView = Static<typeof Policy>;

export const TimelineEvent = component(
  'TimelineEvent',
  Type.Object(
    {
      type: Type.String({ maxLength: 64, description: 'e.g. policy.issued, endorsement.approved, policy.cancelled' }),
      subjectType: Type.String({
        maxLength: 64,
        description: 'The record that changed: policy, endorsement, claim, renewal',
      }),
      subjectId: Type.String({ maxLength: 128 }),
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
      requestId: Nullable(
        Type.String({ maxLength: 128, description: 'The request that made the change (or set off the job)' }),
      ),
      data: Type.Record(Type.String(), Type.Unknown(), { description: 'What a reader needs about the event' }),
    },
    { description: 'One event of a policy timeline' },
  ),
);
/** One entry of a policy's timeline: what happened, to which record, who did it, when, in which request. */
export type TimelineEventView = Static<typeof TimelineEvent>;

/** The filters of the policy list. */
export const PolicyFilters = Type.Object({
  status: Type.Optional(StringEnum(POLICY_STATUSES, { description: 'Only policies in this status' })),
  agentId: Type.Optional(IdOf('The agent')),
  insurerId: Type.Optional(InsurerId('Only policies of this insurer')),
  effectiveToBefore: Type.Optional(
    Type.String({
      format: 'date',
      maxLength: 10,
      description: 'Only policies whose effectiveTo is on or before this date',
    }),
  ),
  hasArrears: Type.Optional(
    Type.Boolean({
      description: 'true: only policies with an instalment still due after its day; false: only those without',
    }),
  ),
  premiumDueBefore: Type.Optional(
    Type.String({
      format: 'date',
      maxLength: 10,
      description: 'Only policies with an instalment still due on or before this date',
    }),
  ),
});
export type PolicyFilters = Static<typeof PolicyFilters>;

export const IssuePolicyInput = Type.Object(
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
    sumInsured: PositiveMoney,
    premium: PositiveMoney,
    premiumFrequency: Type.Optional(PremiumFrequency),
    effectiveFrom: CalendarDate,
    effectiveTo: CalendarDate,
  },
  { additionalProperties: false },
);
export type IssuePolicyInput = Static<typeof IssuePolicyInput>;

export const CancelPolicyInput = Type.Object(
  { reason: Reason, effectiveDate: Type.Optional(CalendarDate) },
  { additionalProperties: false },
);

export const ReinstatePolicyInput = Type.Object({ reason: Reason }, { additionalProperties: false });
