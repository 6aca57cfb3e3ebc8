import { type Static, Type } from 'typebox';
import { component } from './schema.js';

/** Money: an integer amount in minor units (cents) and an ISO 4217 currency. Never floating point. */
export const Money = component(
  'Money',
  Type.Object(
    {
      amountMinor: Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'In minor units, e.g. cents',
      }),
      currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217, e.g. KES' }),
    },
    {
      additionalProperties: false,
      description: 'An amount of money, e.g. { "amountMinor": 1250000, "currency": "KES" }',
    },
  ),
);
export type Money = Static<typeof Money>;

/** A money field that must be more than zero (a sum insured, a claimed amount, a payment): the problem, if any. */
export const notPositive = (field: string, money: Money | undefined) =>
  money !== undefined && money.amountMinor <= 0
    ? [{ field: `${field}.amountMinor`, message: 'must be greater than 0', constraint: 'exclusiveMinimum' }]
    : [];
