/** Policies: what api/, workers/, scripts/ and other domains may use of the domain. */

import { defineDomain } from '../../kernel/manifest.js';
import { Endorsement as EndorsementEntity, Policy as PolicyEntity } from './policy.entity.js';

export { addDays, computedTermProblem, nextTerm } from './dates.js';
export { CreateEndorsementInput, Endorsement, EndorsementFilters } from './endorsement.schemas.js';
export { ENDORSEMENT_LIST, listEndorsements, toEndorsementView } from './endorsement.view.js';
export { approveEndorsement, createEndorsement } from './endorsements.js';
export {
  assertAgent,
  createPolicy,
  getPolicy,
  issuePolicy,
  listPolicies,
  ownerOf,
  POLICY_ACTIONS,
} from './policies.service.js';
export type { IPolicy } from './policy.entity.js';
export { POLICY_LIST } from './policy.list.js';
export {
  CancelPolicyInput,
  IssuePolicyInput,
  POLICIES_TAG,
  Policy,
  PolicyFilters,
  type PolicyView,
  ReinstatePolicyInput,
  TimelineEvent,
} from './policy.schemas.js';
export { loadPolicyView, toPolicyView } from './policy.view.js';
export { ENDORSEMENT_WORKFLOW, POLICY_WORKFLOW } from './policy.workflow.js';
export { cancelPolicy, reinstatePolicy } from './policy-status.js';
export { expirePolicies } from './policy-sweeps.js';
export { policyTimeline, TIMELINE_LIST, toTimelineEventView } from './timeline.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const policiesDomain = defineDomain({
  name: 'policies',
  entities: [EndorsementEntity, PolicyEntity],
});
