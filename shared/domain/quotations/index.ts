/** Quotations: what api/, workers/, scripts/ and other domains may use of the domain. */

import { jobAct } from '../../kernel/act.js';
import { defineJob } from '../../kernel/jobs.js';
import { defineDomain } from '../../kernel/manifest.js';
import { swept } from '../../kernel/sweep.js';
import { Quotation as QuotationEntity } from './quotation.entity.js';
import { EXPIRE_QUOTATIONS_JOB } from './quotation.jobs.js';
import { QUOTATION_WORKFLOW } from './quotation.workflow.js';
import { expireQuotations } from './quotation-sweeps.js';
import { QUOTATION_EVENTS, QUOTATION_PERMISSIONS } from './quotations.permissions.js';

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
  workflows: [QUOTATION_WORKFLOW],
  permissions: QUOTATION_PERMISSIONS,
  publishes: QUOTATION_EVENTS,
  entities: [QuotationEntity],
  jobs: [
    defineJob(EXPIRE_QUOTATIONS_JOB, {
      process: (deps, _payload, job, trace) => expireQuotations(deps, jobAct(job, trace)),
      summary: swept('expired', 'quotations'),
    }),
  ],
});
