/** Renewals: what api/, workers/, scripts/ and other domains may use of the domain. */

import { jobAct } from '../../kernel/act.js';
import { defineJob } from '../../kernel/jobs.js';
import { defineDomain } from '../../kernel/manifest.js';
import { swept } from '../../kernel/sweep.js';
import { Renewal as RenewalEntity } from './renewal.entity.js';
import { GENERATE_RENEWAL, LAPSE_RENEWALS, QUEUE_DUE_RENEWALS } from './renewal.jobs.js';
import { RENEWAL_WORKFLOW } from './renewal.workflow.js';
import { generateRenewalForTerm, lapseRenewals, queueDueRenewals } from './renewal-sweeps.js';
import { renewalsDemo } from './renewals.demo.js';
import { RENEWAL_ERRORS } from './renewals.errors.js';
import { RENEWAL_EVENTS, RENEWAL_PERMISSIONS } from './renewals.permissions.js';

export { convertRenewal } from './convert-renewal.js';
export { RENEWAL_LIST } from './renewal.list.js';
export { DeclineRenewalInput, OfferRenewalInput, RENEWALS_TAG, Renewal, RenewalFilters } from './renewal.schemas.js';
export { toRenewalView } from './renewal.view.js';
export { RENEWAL_WORKFLOW } from './renewal.workflow.js';
export { generateRenewalForTerm, lapseRenewals, queueDueRenewals } from './renewal-sweeps.js';
export {
  acceptRenewal,
  declineRenewal,
  generateRenewal,
  getRenewal,
  listRenewals,
  offerRenewal,
} from './renewals.service.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const renewalsDomain = defineDomain({
  name: 'renewals',
  errors: RENEWAL_ERRORS,
  workflows: [RENEWAL_WORKFLOW],
  permissions: RENEWAL_PERMISSIONS,
  publishes: RENEWAL_EVENTS,
  demo: renewalsDemo,
  entities: [RenewalEntity],
  jobs: [
    defineJob(QUEUE_DUE_RENEWALS, {
      process: (deps, _payload, job, trace) => queueDueRenewals(deps, jobAct(job, trace)),
      summary: ({ due }) => `queued the renewal of ${due} policies`,
    }),
    defineJob(GENERATE_RENEWAL, {
      process: (deps, payload, job, trace) => generateRenewalForTerm(deps, jobAct(job, trace), payload),
    }),
    defineJob(LAPSE_RENEWALS, {
      process: (deps, _payload, job, trace) => lapseRenewals(deps, jobAct(job, trace)),
      summary: swept('lapsed', 'renewals'),
    }),
  ],
});
