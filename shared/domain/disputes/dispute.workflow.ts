import { defineWorkflow } from '../../kernel/workflow.js';
import { DISPUTE_STATUSES } from './dispute.entity.js';

/** A dispute's status: triaged, resolved to an outcome or withdrawn by people; escalated and closed by the sweeps. */
export const DISPUTE_WORKFLOW = defineWorkflow('dispute', DISPUTE_STATUSES, {
  triage: { from: ['open'], to: 'triaged', permission: 'dispute:triage', audit: 'dispute.triage' },
  resolve: {
    from: ['triaged', 'escalated'],
    // The outcome the caller chose; an escalated dispute may only be upheld or rejected (checked by the service).
    to: (from) => from,
    toText: 'the outcome given: upheld, rejected or escalated (an escalated dispute only upheld or rejected)',
    permission: 'dispute:resolve',
    audit: 'dispute.resolve',
  },
  withdraw: {
    from: ['open', 'triaged'],
    to: 'withdrawn',
    toText: 'withdrawn (by the raiser, or a caller with data scope all)',
    permission: 'dispute:withdraw',
    audit: 'dispute.withdraw',
  },
  escalate: { from: ['open', 'triaged'], to: 'escalated', permission: 'system', audit: 'dispute.escalate' },
  close: { from: ['upheld', 'rejected', 'withdrawn'], to: 'closed', permission: 'system', audit: 'dispute.close' },
});
