import { type Static, Type } from 'typebox';
import { Money } from '../../kernel/money.js';
import { component, Int32, Nullable, PlainText, StringEnum, Timestamp, tag } from '../../kernel/schema.js';
import { PRODUCT_STATUSES } from './investment-product.entity.js';

export const INVESTMENT_PRODUCTS_TAG = tag(
  'investment-products',
  'Investment products offered on the platform: platform-wide, draft until activated, closed for good.',
);

const Name = PlainText(200);
const RiskLevel = Int32({ minimum: 1, maximum: 7, description: 'From 1 (lowest risk) to 7 (highest)' });
const Description = PlainText(4000);

export const InvestmentProduct = component(
  'InvestmentProduct',
  Type.Object(
    {
      id: Type.String({ maxLength: 64 }),
      name: Type.String({ maxLength: 255 }),
      riskLevel: RiskLevel,
      minInvestment: Money,
      status: StringEnum(PRODUCT_STATUSES),
      description: Nullable(Type.String({ maxLength: 4000 })),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'An investment product' },
  ),
);
export type InvestmentProductView = Static<typeof InvestmentProduct>;

/** The filters of the list of products (besides `q`), as query parameters. */
export const InvestmentProductFilters = {
  status: Type.Optional(StringEnum(PRODUCT_STATUSES, { description: 'Only products in this status' })),
  riskLevel: Type.Optional(RiskLevel),
};

/** The body of POST /investment-products. */
export const CreateInvestmentProductBody = Type.Object(
  { name: Name, riskLevel: RiskLevel, minInvestment: Money, description: Type.Optional(Description) },
  { additionalProperties: false },
);

/** The body of PATCH /investment-products/{id}: the fields to change, `status` to move it, at least one. */
export const UpdateInvestmentProductBody = Type.Object(
  {
    name: Type.Optional(Name),
    riskLevel: Type.Optional(RiskLevel),
    minInvestment: Type.Optional(Money),
    status: Type.Optional(StringEnum(PRODUCT_STATUSES)),
    description: Type.Optional(Nullable(Description)),
  },
  { additionalProperties: false, minProperties: 1 },
);
