/** Disputes: what api/, workers/, scripts/ and other domains may use of the domain. */

import { jobAct } from '../../kernel/act.js';
import { defineJob } from '../../kernel/jobs.js';
import { defineDomain } from '../../kernel/manifest.js';
import { swept } from '../../kernel/sweep.js';
import { Dispute as DisputeEntity } from './dispute.entity.js';
import { CLOSE_DISPUTES, ESCALATE_DISPUTES } from './dispute.jobs.js';
import { DISPUTE_WORKFLOW } from './dispute.workflow.js';
import { closeDisputes, escalateOverdueDisputes } from './dispute-sweeps.js';
import { DISPUTE_EVENTS, DISPUTE_PERMISSIONS } from './disputes.permissions.js';

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
  workflows: [DISPUTE_WORKFLOW],
  permissions: DISPUTE_PERMISSIONS,
  publishes: DISPUTE_EVENTS,
  entities: [DisputeEntity],
  jobs: [
    defineJob(ESCALATE_DISPUTES, {
      process: (deps, _payload, job, trace) => escalateOverdueDisputes(deps, jobAct(job, trace)),
      summary: swept('escalated', 'disputes'),
    }),
    defineJob(CLOSE_DISPUTES, {
      process: (deps, _payload, job, trace) => closeDisputes(deps, jobAct(job, trace)),
      summary: swept('closed', 'disputes'),
    }),
  ],
});
