import { type Static, Type } from 'typebox';
import { component } from './schema.js';

/** The amount of a Money, in minor units: an integer within what JSON numbers hold exactly. */
const amountMinor = (minimum: { minimum: number } | { exclusiveMinimum: number }, description: string) =>
  Type.Integer({ format: 'int64', ...minimum, maximum: Number.MAX_SAFE_INTEGER, description });

const CURRENCY = Type.String({ pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3, description: 'ISO 4217, e.g. KES' });

/** Money: an integer amount in minor units (cents) and an ISO 4217 currency. Never floating point. */
export const Money = component(
  'Money',
  Type.Object(
    { amountMinor: amountMinor({ minimum: 0 }, 'In minor units, e.g. cents'), currency: CURRENCY },
    {
      additionalProperties: false,
      description: 'An amount of money, e.g. { "amountMinor": 1250000, "currency": "KES" }',
    },
  ),
);

/** Money a request must give as more than zero: a sum insured, a premium, a claimed, settled or paid amount. */
export const PositiveMoney = component(
  'PositiveMoney',
  Type.Object(
    {
      amountMinor: amountMinor({ exclusiveMinimum: 0 }, 'In minor units, e.g. cents; more than zero'),
      currency: CURRENCY,
    },
    {
      additionalProperties: false,
      description: 'An amount of money more than zero, e.g. { "amountMinor": 1250000, "currency": "KES" }',
    },
  ),
);
export type Money = Static<typeof Money>;

/** A money field that must be more than zero (a sum insured, a claimed amount, a payment): the problem, if any. */
export const notPositive = (field: string, money: Money | undefined) =>
  money !== undefined && money.amountMinor <= 0
    ? [{ field: `${field}.amountMinor`, message: 'must be greater than 0', constraint: 'exclusiveMinimum' }]
    : [];
