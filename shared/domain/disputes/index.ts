/** Disputes: what api/, workers/, scripts/ and other domains may use of the domain. */
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
