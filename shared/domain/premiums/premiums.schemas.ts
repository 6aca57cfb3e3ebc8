import { type Static, Type } from 'typebox';
import { Money, PositiveMoney } from '../../kernel/money.js';
import {
  CalendarDate,
  component,
  Int32,
  Nullable,
  PlainText,
  StringEnum,
  Timestamp,
  tag,
  Uuid,
} from '../../kernel/schema.js';
import { PREMIUM_FREQUENCIES } from './schedule.js';

export const PREMIUMS_TAG = tag(
  'premiums',
  "A policy's premium schedule: its instalments, what is paid and what is overdue.",
);

/** The most instalments a policy has: monthly over the longest term, 50 years. */
export const MAX_INSTALMENTS = 600;

export const INSTALMENT_STATUSES = ['due', 'paid', 'overdue', 'waived'] as const;

export const PremiumFrequency = StringEnum(PREMIUM_FREQUENCIES, {
  description: 'How often the premium is due over the term: annual (one instalment) by default',
});

export const Instalment = component(
  'PremiumInstalment',
  Type.Object(
    {
      id: Uuid,
      seq: Int32({ minimum: 1, maximum: MAX_INSTALMENTS }),
      dueOn: CalendarDate,
      amount: Money,
      paidAmount: Money,
      status: StringEnum(INSTALMENT_STATUSES, {
        description: 'overdue: still due after its day (UTC); paid: paid in full; waived: nothing more is asked',
      }),
      paidAt: Nullable(Timestamp),
    },
    { description: "One instalment of a policy's premium" },
  ),
);
export type InstalmentView = Static<typeof Instalment>;

export const PremiumPayment = component(
  'PremiumPayment',
  Type.Object(
    {
      id: Uuid,
      policyId: Uuid,
      instalmentId: Uuid,
      amount: Money,
      method: Type.String({ maxLength: 32 }),
      reference: Type.String({ maxLength: 100, description: 'Unique on the policy: the same reference twice is 409' }),
      paidAt: Timestamp,
      recordedBy: Type.String({ maxLength: 36, description: 'The user or client who recorded it' }),
      recordedAt: Timestamp,
    },
    { description: 'A premium payment on one instalment' },
  ),
);
export type PremiumPaymentView = Static<typeof PremiumPayment>;

export const RecordPremiumPaymentInput = Type.Object(
  {
    amount: PositiveMoney,
    method: StringEnum(['bank_transfer', 'mobile_money', 'cheque', 'card', 'cash'] as const),
    reference: PlainText(100),
    paidAt: Timestamp,
  },
  { additionalProperties: false },
);
export type RecordPremiumPaymentInput = Static<typeof RecordPremiumPaymentInput>;
