/** Investment products: platform-wide, draft until activated, closed for good. */

import { defineDomain } from '../../kernel/manifest.js';
import { InvestmentProduct as InvestmentProductEntity } from './investment-product.entity.js';
import { INVESTMENT_PRODUCT_WORKFLOW } from './investment-product.workflow.js';
import { INVESTMENT_PRODUCT_PERMISSIONS } from './investment-products.permissions.js';

export {
  CreateInvestmentProductBody,
  INVESTMENT_PRODUCTS_TAG,
  InvestmentProduct,
  InvestmentProductFilters,
  UpdateInvestmentProductBody,
} from './investment-products.schemas.js';
export {
  createInvestmentProduct,
  getInvestmentProduct,
  INVESTMENT_PRODUCT_LIST,
  listInvestmentProducts,
  toInvestmentProductView,
  updateInvestmentProduct,
} from './investment-products.service.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const investmentProductsDomain = defineDomain({
  name: 'investment-products',
  workflows: [INVESTMENT_PRODUCT_WORKFLOW],
  permissions: INVESTMENT_PRODUCT_PERMISSIONS,
  entities: [InvestmentProductEntity],
});
