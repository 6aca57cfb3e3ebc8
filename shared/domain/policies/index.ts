/** Policies: what api/, workers/, scripts/ and other domains may use of the domain. */

import { jobAct } from '../../kernel/act.js';
import { defineJob } from '../../kernel/jobs.js';
import { defineDomain } from '../../kernel/manifest.js';
import { swept } from '../../kernel/sweep.js';
import { lapsePolicies } from './lapse-sweep.js';
import { policiesDemo } from './policies.demo.js';
import { POLICY_ERRORS } from './policies.errors.js';
import { POLICY_EVENTS, POLICY_PERMISSIONS } from './policies.permissions.js';
import { Endorsement as EndorsementEntity, Policy as PolicyEntity } from './policy.entity.js';
import { EXPIRE_POLICIES_JOB, LAPSE_POLICIES_JOB } from './policy.jobs.js';
import { ENDORSEMENT_WORKFLOW, POLICY_WORKFLOW } from './policy.workflow.js';
import { expirePolicies } from './policy-sweeps.js';

export { addDays, computedTermProblem, nextTerm } from './dates.js';
export { CreateEndorsementInput, Endorsement, EndorsementFilters } from './endorsement.schemas.js';
export { ENDORSEMENT_LIST, listEndorsements, toEndorsementView } from './endorsement.view.js';
export { approveEndorsement, createEndorsement } from './endorsements.js';
export { lapsePolicies } from './lapse-sweep.js';
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
  errors: POLICY_ERRORS,
  workflows: [POLICY_WORKFLOW, ENDORSEMENT_WORKFLOW],
  permissions: POLICY_PERMISSIONS,
  publishes: POLICY_EVENTS,
  demo: policiesDemo,
  entities: [EndorsementEntity, PolicyEntity],
  jobs: [
    defineJob(EXPIRE_POLICIES_JOB, {
      process: (deps, _payload, job, trace) => expirePolicies(deps, jobAct(job, trace)),
      summary: swept('expired', 'policies'),
    }),
    defineJob(LAPSE_POLICIES_JOB, {
      process: (deps, _payload, job, trace) => lapsePolicies(deps, jobAct(job, trace)),
      summary: swept('lapsed', 'policies'),
    }),
  ],
});
export { Policy as PolicyEntity } from './policy.entity.js';
export { POLICY_SCOPE_FIELDS } from './policy.list.js';
