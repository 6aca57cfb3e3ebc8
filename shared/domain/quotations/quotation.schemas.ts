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
  Timestamp,
  tag,
  Uuid,
} from '../../kernel/schema.js';
import { QUOTATION_STATUSES } from './quotation.entity.js';

/** The shapes of quotations: what the API shows of a quotation and what it takes to request, quote and accept one. */
export const QUOTATIONS_TAG = tag(
  'quotations',
  'Quotations in your data scope: requested by an agent, priced by the insurer, accepted (issuing the policy), withdrawn, or expired after their validUntil day.',
);

export const Quotation = component(
  'Quotation',
  Type.Object(
    {
      id: Uuid,
      quotationNumber: Type.String({
        maxLength: 64,
        description: 'From the quotation identifier pattern, e.g. QUO-2026-000042',
      }),
      status: StringEnum(QUOTATION_STATUSES),
      agentId: Type.String({
        format: 'uuid',
        maxLength: 36,
        description: 'The agent (a user) the quotation belongs to',
      }),
      insurerId: Type.String({ maxLength: 64 }),
      productCode: Type.String({ maxLength: 64 }),
      applicant: Type.Object({
        name: Type.String({ maxLength: 255 }),
        email: Nullable(Type.String({ maxLength: 254 })),
        phone: Nullable(Type.String({ maxLength: 32 })),
        nationalId: Nullable(Type.String({ maxLength: 64 })),
      }),
      sumInsured: Money,
      premium: Nullable(Money),
      validUntil: Nullable(
        Type.String({
          format: 'date',
          maxLength: 10,
          description: 'The last day (UTC) the quote holds; null until quoted',
        }),
      ),
      terms: Nullable(Type.String({ maxLength: 10_000 })),
      policyId: Nullable(
        Type.String({
          format: 'uuid',
          maxLength: 36,
          description: 'The policy issued when the quotation was accepted',
        }),
      ),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'A quotation, scoped like a policy by its agent and insurer' },
  ),
);
/** A quotation as the API shows it. */
export type QuotationView = Static<typeof Quotation>;

/** The filters of the quotation list. */
export const QuotationFilters = Type.Object({
  status: Type.Optional(StringEnum(QUOTATION_STATUSES, { description: 'Only quotations in this status' })),
  agentId: Type.Optional(IdOf('The agent')),
  insurerId: Type.Optional(InsurerId()),
});
export type QuotationFilters = Static<typeof QuotationFilters>;

export const RequestQuotationInput = Type.Object(
  {
    agentId: Type.Optional(IdOf('The agent')),
    insurerId: Type.Optional(InsurerId()),
    productCode: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' }),
    applicant: Type.Object(
      {
        name: PlainText(200),
        email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
        phone: Type.Optional(Phone),
        nationalId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9 /.-]+$' })),
      },
      { additionalProperties: false },
    ),
    sumInsured: PositiveMoney,
  },
  { additionalProperties: false },
);
export type RequestQuotationInput = Static<typeof RequestQuotationInput>;

export const RespondToQuotationInput = Type.Object(
  {
    premium: PositiveMoney,
    validUntil: CalendarDate,
    terms: Type.String({ minLength: 1, maxLength: 10_000 }),
  },
  { additionalProperties: false },
);

export const AcceptQuotationInput = Type.Object(
  {
    effectiveFrom: Type.Optional({ ...CalendarDate, description: "The policy's first day; today (UTC) by default" }),
  },
  { additionalProperties: false },
);
