/** Disputes: what api/, workers/, scripts/ and other domains may use of the domain. */

import { defineDomain } from '../../kernel/manifest.js';
import { Dispute as DisputeEntity } from './dispute.entity.js';

export {
  DISPUTES_TAG,
  Dispute,
  DisputeFilters,
  RaiseDisputeInput,
  ResolveDisputeInput,
  TriageDisputeInput,
  WithdrawDisputeInput,
} from './dispute.schemas.js';
export { DISPUTE_LIST, toDisputeView } from './dispute.view.js';
export { DISPUTE_WORKFLOW } from './dispute.workflow.js';
export { closeDisputes, escalateOverdueDisputes } from './dispute-sweeps.js';
export {
  getDispute,
  listDisputes,
  raiseDispute,
  resolveDispute,
  triageDispute,
  withdrawDispute,
} from './disputes.service.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const disputesDomain = defineDomain({
  name: 'disputes',
  entities: [DisputeEntity],
});
