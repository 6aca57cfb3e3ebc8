import { defineWorkflow } from '../../kernel/workflow.js';
import { QUOTATION_STATUSES } from './quotation.entity.js';

/**
 * A quotation's status: priced by the insurer, accepted (issuing the policy) by the agent, withdrawn,
 * expired by the sweep once its validUntil day has ended. A quoted quotation past that day counts as
 * expired for every action even before the sweep has marked it.
 */
export const QUOTATION_WORKFLOW = defineWorkflow('quotation', QUOTATION_STATUSES, {
  respond: {
    from: ['requested'],
    to: 'quoted',
    permission: 'quotation:respond',
    audit: 'quotation.respond',
    publishes: 'quotation.quoted',
  },
  accept: {
    from: ['quoted'],
    to: 'accepted',
    toText: 'accepted (the policy is issued in the same transaction)',
    permission: 'quotation:request',
    audit: 'quotation.accept',
    publishes: 'quotation.accepted',
  },
  withdraw: {
    from: ['requested', 'quoted'],
    to: 'withdrawn',
    permission: 'quotation:respond',
    audit: 'quotation.withdraw',
  },
  expire: { from: ['quoted'], to: 'expired', permission: 'system', audit: 'quotation.expire' },
});
