import { Type } from 'typebox';
import {
  CreateInvestmentProductBody,
  INVESTMENT_PRODUCTS_TAG,
  InvestmentProduct,
  InvestmentProductFilters,
  UpdateInvestmentProductBody,
} from '../../../shared/domain/investment-products/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, ListEnvelope } from '../../http/envelope.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';

const tags = INVESTMENT_PRODUCTS_TAG;
const ProductEnvelope = Envelope(InvestmentProduct, 'The investment product');
const IdParams = Type.Object({ id: IdOf('The investment product') });

export const listInvestmentProductsSchema = {
  operationId: 'listInvestmentProducts',
  tags,
  summary: 'List investment products',
  description: 'Every investment product, newest first unless sorted.',
  querystring: Type.Object(
    { ...PageQuery, q: SearchQuery('the name'), ...InvestmentProductFilters },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(InvestmentProduct), ...ERROR_RESPONSES },
};

export const createInvestmentProductSchema = {
  operationId: 'createInvestmentProduct',
  tags,
  summary: 'Create an investment product',
  description: 'Creates a draft product; a PATCH with `status: active` offers it.',
  body: CreateInvestmentProductBody,
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
  body: UpdateInvestmentProductBody,
  response: { 200: ProductEnvelope, ...ERROR_RESPONSES },
};
