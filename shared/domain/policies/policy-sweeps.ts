import { raw } from '@mikro-orm/core';
import { sql } from 'kysely';
import type { Act } from '../../kernel/act.js';
import { SWEEP_BATCH, type Sweep, type SweepDeps, sweep } from '../../kernel/sweep.js';
import { transition } from '../../kernel/workflow.js';
import { operationalSetting } from '../operational-policies/index.js';
import { Policy } from './policy.entity.js';
import { policyPublished } from './policy.view.js';
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

/** Days an instalment may stay overdue before its policy lapses, unless `payments.gracePeriodDays` says otherwise. */
export const DEFAULT_GRACE_PERIOD_DAYS = 30;

/**
 * The daily lapse sweep: active or reinstated policies with an instalment still due more than
 * `graceDays` after its day lapse, with their timeline entry, an audit entry and `policy.lapsed`.
 * By the service's clock (a test moves it); each policy is re-checked under its lock, so running it
 * twice, or on two workers at once, lapses a policy once.
 */
export const lapsePoliciesSweep = (graceDays: number): Sweep<'policies'> => ({
  name: 'lapse-policies',
  table: 'policies',
  candidates: (from, { today }) =>
    from
      .where('status', 'in', POLICY_WORKFLOW.steps.lapse.from)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('premium_instalments as i')
            .select('i.id')
            .whereRef('i.policy_id', '=', 'policies.id')
            .where('i.status', '=', 'due')
            .where(sql<boolean>`i.due_on < ${today}::date - ${graceDays}::int`),
        ),
      ),
  apply: async (em, id) => {
    const policy = await em.findOneOrFail(Policy, id);
    const from = policy.status;
    Object.assign(policy, { status: transition(POLICY_WORKFLOW, 'lapse', from), lapsedAt: raw<Date>('now()') });
    const summary = { from, reason: 'premium overdue past its grace period', graceDays };
    return {
      result: null,
      audit: { action: POLICY_WORKFLOW.steps.lapse.audit, subjectType: 'policy', subjectId: id, summary },
      events: [
        { stream: { type: 'policy', id }, type: 'policy.lapsed', subjectType: 'policy', subjectId: id, data: summary },
      ],
      publish: [policyPublished('policy.lapsed', policy)],
    };
  },
});

/** The lapse sweep as a job runs it: the grace period as the operational policy says now. */
export async function lapsePolicies(deps: SweepDeps, act: Act) {
  const grace = (await operationalSetting(deps, deps.orm.em, 'payments.gracePeriodDays')) ?? DEFAULT_GRACE_PERIOD_DAYS;
  return sweep(deps, lapsePoliciesSweep(grace), { act, batchSize: SWEEP_BATCH });
}
