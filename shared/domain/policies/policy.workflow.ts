import { defineWorkflow } from '../../kernel/workflow.js';
import { ENDORSEMENT_STATUSES, POLICY_STATUSES, type PolicyStatus } from './policy.entity.js';

const unchanged = (from: PolicyStatus) => from;

/** A policy's status: what people do to it and what the service's own sweeps and renewals do. */
export const POLICY_WORKFLOW = defineWorkflow('policy', POLICY_STATUSES, {
  cancel: {
    from: ['active', 'reinstated'],
    to: 'cancelled',
    permission: 'policy:cancel',
    audit: 'policy.cancel',
    publishes: 'policy.cancelled',
  },
  reinstate: {
    from: ['cancelled', 'lapsed'],
    to: 'reinstated',
    permission: 'policy:reinstate',
    audit: 'policy.reinstate',
    publishes: 'policy.reinstated',
  },
  endorse: {
    from: ['active', 'reinstated'],
    to: unchanged,
    toText: 'unchanged (a pending endorsement is created)',
    permission: 'policy:endorse',
    audit: 'endorsement.create',
  },
  generateRenewal: {
    from: ['active', 'reinstated', 'expired'],
    to: unchanged,
    toText: 'unchanged (a pending renewal for the next term is created)',
    permission: 'renewal:generate',
    audit: 'renewal.generate',
  },
  expire: { from: ['active', 'reinstated'], to: 'expired', permission: 'system', audit: 'policy.expire' },
  lapse: {
    from: ['active', 'reinstated'],
    to: 'lapsed',
    permission: 'system',
    audit: 'policy.lapse',
    publishes: 'policy.lapsed',
  },
  renew: { from: ['active', 'reinstated', 'expired'], to: 'renewed', permission: 'system', audit: 'policy.renew' },
});

/** An endorsement: approved once, applying its changes; withdrawn by the service when its policy is cancelled. */
export const ENDORSEMENT_WORKFLOW = defineWorkflow('endorsement', ENDORSEMENT_STATUSES, {
  approve: {
    from: ['pending'],
    to: 'approved',
    permission: 'policy:endorsement:approve',
    audit: 'endorsement.approve',
  },
  withdraw: { from: ['pending'], to: 'withdrawn', permission: 'system', audit: 'endorsement.withdraw' },
});
