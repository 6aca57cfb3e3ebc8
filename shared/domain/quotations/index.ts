/** Quotations: what api/, workers/, scripts/ and other domains may use of the domain. */

import { defineDomain } from '../../kernel/manifest.js';
import { Quotation as QuotationEntity } from './quotation.entity.js';

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

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const quotationsDomain = defineDomain({
  name: 'quotations',
  entities: [QuotationEntity],
});
