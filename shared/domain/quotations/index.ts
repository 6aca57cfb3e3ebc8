/** Quotations: what api/, workers/, scripts/ and other domains may use of the domain. */
export { QUOTATION_LIST } from './quotation.list.js';
export {
  AcceptQuotationInput,
  QUOTATIONS_TAG,
  Quotation,
  QuotationFilters,
  RequestQuotationInput,
  RespondToQuotationInput,
} from './quotation.schemas.js';
export { toQuotationView } from './quotation.view.js';
export { QUOTATION_WORKFLOW } from './quotation.workflow.js';
export { acceptQuotation, respondToQuotation, withdrawQuotation } from './quotation-actions.js';
export { expireQuotations, requestQuotationSweep, type SweepRequest } from './quotation-sweeps.js';
export { getQuotation, listQuotations, requestQuotation } from './quotations.service.js';
