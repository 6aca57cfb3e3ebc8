import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createInvestmentProduct,
  getInvestmentProduct,
  INVESTMENT_PRODUCT_LIST,
  listInvestmentProducts,
  toInvestmentProductView,
  updateInvestmentProduct,
} from '../../../shared/domain/investment-products/index.js';
import { can, list, read, write } from '../../http/operation.js';
import * as s from './schemas.js';

const investmentProducts: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/investment-products',
    { config: can('investment:product:read'), schema: s.listInvestmentProductsSchema },
    list(INVESTMENT_PRODUCT_LIST, listInvestmentProducts, toInvestmentProductView),
  );
  app.post(
    '/investment-products',
    { config: can('investment:product:write'), schema: s.createInvestmentProductSchema },
    write(201, createInvestmentProduct),
  );
  app.get(
    '/investment-products/:id',
    { config: can('investment:product:read'), schema: s.getInvestmentProductSchema },
    read(getInvestmentProduct),
  );
  app.patch(
    '/investment-products/:id',
    {
      config: { ...can('investment:product:write'), errors: ['INVALID_TRANSITION'] },
      schema: s.updateInvestmentProductSchema,
    },
    write(200, updateInvestmentProduct),
  );
};

export default investmentProducts;
