/** Investment products: platform-wide, draft until activated, closed for good. */
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
