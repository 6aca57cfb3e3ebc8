import { type Static, Type } from 'typebox';
import { Money, PositiveMoney } from '../../kernel/money.js';
import { CalendarDate, component, IdOf, Nullable, StringEnum, Timestamp, tag, Uuid } from '../../kernel/schema.js';
import { RENEWAL_STATUSES } from './renewal.entity.js';

/** The shapes of renewals: what the API shows of a renewal and what it takes to offer or decline one. */
export const RENEWALS_TAG = tag(
  'renewals',
  'Renewals of policies in your data scope: generated for the next term, offered, accepted or declined, and converted into the next policy.',
);

export const Renewal = component(
  'Renewal',
  Type.Object(
    {
      id: Uuid,
      renewalNumber: Type.String({ maxLength: 64 }),
      status: StringEnum(RENEWAL_STATUSES),
      policyId: Uuid,
      policyNumber: Type.String({ maxLength: 64 }),
      agentId: Uuid,
      insurerId: Type.String({ maxLength: 64 }),
      proposedPremium: Money,
      offeredPremium: Nullable(Money),
      termFrom: CalendarDate,
      termTo: CalendarDate,
      offerExpiresAt: Nullable(Timestamp),
      declineReason: Nullable(Type.String({ maxLength: 1000 })),
      newPolicyId: Nullable(
        Type.String({ format: 'uuid', maxLength: 36, description: 'The policy it was converted into' }),
      ),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'A renewal: the next term of a policy, scoped like its policy' },
  ),
);
/** A renewal as the API shows it. */
export type RenewalView = Static<typeof Renewal>;

/** The filters of the renewal list. */
export const RenewalFilters = Type.Object({
  status: Type.Optional(StringEnum(RENEWAL_STATUSES, { description: 'Only renewals in this status' })),
  agentId: Type.Optional(IdOf('The agent')),
});
export type RenewalFilters = Static<typeof RenewalFilters>;

export const OfferRenewalInput = Type.Object(
  {
    premium: PositiveMoney,
    offerExpiresAt: Type.String({ format: 'date-time', maxLength: 30, description: 'When the offer lapses' }),
  },
  { additionalProperties: false },
);

export const DeclineRenewalInput = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
