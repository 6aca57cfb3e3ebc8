import { Type } from 'typebox';
import { PRODUCT_STATUSES } from '../../../shared/domain/investment-products/investment-product.entity.js';
import { Money } from '../../../shared/kernel/money.js';
import { component, IdOf, Nullable, PlainText, StringEnum, Timestamp, tag } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const tags = tag(
  'investment-products',
  'Investment products offered on the platform: platform-wide, draft until activated, closed for good.',
);

const Name = PlainText(200);
const RiskLevel = Type.Integer({ minimum: 1, maximum: 7, description: 'From 1 (lowest risk) to 7 (highest)' });
const Description = PlainText(4000);

export const InvestmentProduct = component(
  'InvestmentProduct',
  Type.Object(
    {
      id: Type.String(),
      name: Type.String(),
      riskLevel: RiskLevel,
      minInvestment: Money,
      status: StringEnum(PRODUCT_STATUSES),
      description: Nullable(Type.String()),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'An investment product' },
  ),
);

const ProductEnvelope = Envelope(InvestmentProduct, 'The investment product');
const IdParams = Type.Object({ id: IdOf('The investment product') });

export const listInvestmentProductsSchema = {
  operationId: 'listInvestmentProducts',
  tags,
  summary: 'List investment products',
  description: 'Every investment product, newest first unless sorted.',
  querystring: Type.Object(
    {
      ...PageQuery,
      q: SearchQuery('the name'),
      status: Type.Optional(StringEnum(PRODUCT_STATUSES, { description: 'Only products in this status' })),
      riskLevel: Type.Optional(RiskLevel),
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(InvestmentProduct), ...ERROR_RESPONSES },
};

export const createInvestmentProductSchema = {
  operationId: 'createInvestmentProduct',
  tags,
  summary: 'Create an investment product',
  description: 'Creates a draft product; a PATCH with `status: active` offers it.',
  body: Type.Object(
    { name: Name, riskLevel: RiskLevel, minInvestment: Money, description: Type.Optional(Description) },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(InvestmentProduct, 'The product, draft'), ...ERROR_RESPONSES },
};

export const getInvestmentProductSchema = {
  operationId: 'getInvestmentProduct',
  tags,
  summary: 'Get an investment product',
  description: 'One investment product.',
  params: IdParams,
  response: { 200: ProductEnvelope, ...ERROR_RESPONSES },
};

export const updateInvestmentProductSchema = {
  operationId: 'updateInvestmentProduct',
  tags,
  summary: 'Update an investment product',
  description:
    'Changes the fields given. `status` moves draft to active or closed and active to closed (422 INVALID_TRANSITION otherwise, e.g. back to draft); a closed product changes no more (422). `description: null` clears it.',
  params: IdParams,
  body: Type.Object(
    {
      name: Type.Optional(Name),
      riskLevel: Type.Optional(RiskLevel),
      minInvestment: Type.Optional(Money),
      status: Type.Optional(StringEnum(PRODUCT_STATUSES)),
      description: Type.Optional(Nullable(Description)),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  response: { 200: ProductEnvelope, ...ERROR_RESPONSES },
};
