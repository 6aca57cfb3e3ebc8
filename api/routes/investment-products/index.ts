import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createInvestmentProduct,
  getInvestmentProduct,
  INVESTMENT_PRODUCT_LIST,
  listInvestmentProducts,
  toInvestmentProductView,
  updateInvestmentProduct,
} from '../../../shared/domain/investment-products/index.js';
import { ok, sendWrite, userActOf } from '../../http/reply.js';
import * as s from './schemas.js';

const investmentProducts: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, paginator } = app;

  app.get(
    '/investment-products',
    { config: { permissions: ['investment:product:read'] }, schema: s.listInvestmentProductsSchema },
    async (request) => {
      const { limit, cursor, sort, ...filters } = request.query;
      const plan = paginator.plan(INVESTMENT_PRODUCT_LIST, { limit, cursor, sort });
      return paginator.respond(
        request,
        plan,
        await listInvestmentProducts(deps, userActOf(request), { filters, page: plan }),
        toInvestmentProductView,
      );
    },
  );
  app.post(
    '/investment-products',
    { config: { permissions: ['investment:product:write'] }, schema: s.createInvestmentProductSchema },
    async (request, reply) => sendWrite(request, reply, 201, (act) => createInvestmentProduct(deps, act, request.body)),
  );
  app.get(
    '/investment-products/:id',
    { config: { permissions: ['investment:product:read'] }, schema: s.getInvestmentProductSchema },
    async (request) => ok(request, await getInvestmentProduct(deps, userActOf(request), request.params)),
  );
  app.patch(
    '/investment-products/:id',
    { config: { permissions: ['investment:product:write'] }, schema: s.updateInvestmentProductSchema },
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) =>
        updateInvestmentProduct(deps, act, { ...request.params, ...request.body }),
      ),
  );
};

export default investmentProducts;
