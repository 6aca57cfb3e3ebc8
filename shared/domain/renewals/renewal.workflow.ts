import { defineWorkflow } from '../../kernel/workflow.js';
import { RENEWAL_STATUSES } from './renewal.entity.js';

/** A renewal's status: offered, accepted or declined by people, converted into the next policy, lapsed by the sweep. */
export const RENEWAL_WORKFLOW = defineWorkflow('renewal', RENEWAL_STATUSES, {
  offer: {
    from: ['pending'],
    to: 'offered',
    permission: 'renewal:offer',
    audit: 'renewal.offer',
    publishes: 'renewal.offered',
  },
  accept: { from: ['offered'], to: 'accepted', permission: 'renewal:decide', audit: 'renewal.accept' },
  decline: {
    from: ['pending', 'offered', 'accepted'],
    to: 'declined',
    permission: 'renewal:decide',
    audit: 'renewal.decline',
  },
  convert: {
    from: ['offered', 'accepted'],
    to: 'converted',
    toText: 'converted (a new active policy for the term; the old one renewed)',
    permission: 'renewal:convert',
    audit: 'renewal.convert',
    publishes: 'renewal.converted',
  },
  lapse: { from: ['pending', 'offered'], to: 'lapsed', permission: 'system', audit: 'renewal.lapse' },
});
