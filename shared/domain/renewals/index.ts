/** Renewals: what api/, workers/, scripts/ and other domains may use of the domain. */

import { defineDomain } from '../../kernel/manifest.js';
import { Renewal as RenewalEntity } from './renewal.entity.js';

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
  entities: [RenewalEntity],
});
