import { raw } from '@mikro-orm/core';
import type { Act } from '../../kernel/act.js';
import { SWEEP_BATCH, type Sweep, type SweepDeps, sweep } from '../../kernel/sweep.js';
import { transition } from '../../kernel/workflow.js';
import { Policy } from './policy.entity.js';
import { POLICY_WORKFLOW } from './policy.workflow.js';

/**
 * The daily expiry sweep: active or reinstated policies whose term has ended (effectiveTo before
 * today) become expired. A policy already renewed is no longer active, so it is never a candidate.
 */
export const EXPIRE_POLICIES: Sweep<'policies'> = {
  name: 'expire-policies',
  table: 'policies',
  candidates: (from, { today }) =>
    from.where('status', 'in', POLICY_WORKFLOW.steps.expire.from).where('effective_to', '<', today),
  apply: async (em, id) => {
    const policy = await em.findOneOrFail(Policy, id);
    const from = policy.status;
    Object.assign(policy, { status: transition(POLICY_WORKFLOW, 'expire', from), expiredAt: raw<Date>('now()') });
    return {
      result: null,
      audit: {
        action: POLICY_WORKFLOW.steps.expire.audit,
        subjectType: 'policy',
        subjectId: id,
        summary: { from, effectiveTo: policy.effectiveTo },
      },
      events: [
        {
          stream: { type: 'policy', id },
          type: 'policy.expired',
          subjectType: 'policy',
          subjectId: id,
          data: { from, effectiveTo: policy.effectiveTo },
        },
      ],
    };
  },
};

/** The expiry sweep as a job runs it, in batches of SWEEP_BATCH. */
export const expirePolicies = (deps: SweepDeps, act: Act) =>
  sweep(deps, EXPIRE_POLICIES, { act, batchSize: SWEEP_BATCH });
