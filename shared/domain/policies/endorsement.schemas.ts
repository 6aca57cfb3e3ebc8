import { type Static, Type } from 'typebox';
import { PositiveMoney } from '../../kernel/money.js';
import {
  CalendarDate,
  component,
  Nullable,
  Phone,
  PlainText,
  StringEnum,
  Timestamp,
  Uuid,
} from '../../kernel/schema.js';
import { ENDORSEMENT_STATUSES, ENDORSEMENT_TYPES } from './policy.entity.js';
import { HolderEmail, HolderName, NationalId } from './policy.schemas.js';

/** Endorsements: changes to a policy, proposed by one user and approved by another. */
const EndorsementChanges = Type.Object(
  {
    sumInsured: Type.Optional(PositiveMoney),
    premium: Type.Optional(PositiveMoney),
    holder: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(HolderName),
          email: Type.Optional(Nullable(HolderEmail)),
          phone: Type.Optional(Nullable(Phone)),
          nationalId: Type.Optional(Nullable(NationalId)),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
    ),
    effectiveTo: Type.Optional(CalendarDate),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description: 'What the endorsement changes on the policy when approved; money in the policy currency',
  },
);

export const Endorsement = component(
  'Endorsement',
  Type.Object(
    {
      id: Uuid,
      policyId: Uuid,
      endorsementNumber: Type.String({ maxLength: 64 }),
      status: StringEnum(ENDORSEMENT_STATUSES, {
        description: 'pending until approved; withdrawn when its policy was cancelled first',
      }),
      type: StringEnum(ENDORSEMENT_TYPES),
      description: Type.String({ maxLength: 4000 }),
      effectiveDate: CalendarDate,
      changes: EndorsementChanges,
      createdBy: Type.String({ maxLength: 64, description: 'The user who created it' }),
      approvedBy: Nullable(Type.String({ maxLength: 64 })),
      approvedAt: Nullable(Timestamp),
      withdrawnAt: Nullable(Timestamp),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'A change to a policy, applied when approved' },
  ),
);
/** An endorsement as the API shows it. */
export type EndorsementView = Static<typeof Endorsement>;

/** The filters of a policy's endorsement list. */
export const EndorsementFilters = Type.Object({
  status: Type.Optional(StringEnum(ENDORSEMENT_STATUSES, { description: 'Only endorsements in this status' })),
});

export const CreateEndorsementInput = Type.Object(
  {
    type: StringEnum(ENDORSEMENT_TYPES),
    description: PlainText(1000),
    effectiveDate: CalendarDate,
    changes: EndorsementChanges,
  },
  { additionalProperties: false },
);
export type CreateEndorsementInput = Static<typeof CreateEndorsementInput>;
