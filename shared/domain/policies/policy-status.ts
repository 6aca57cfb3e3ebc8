import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { UserAct } from '../../kernel/act.js';
import { runAction } from '../../kernel/action.js';
import { today } from '../../kernel/clock.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { DomainRuleError } from '../../kernel/errors.js';
import { transition } from '../../kernel/workflow.js';
import { assertNoArrears, lockInstalments, unearnedPremiumOf } from '../premiums/index.js';
import { POLICY_ACTIONS } from './policies.service.js';
import type { IPolicy } from './policy.entity.js';
import type { PolicyView } from './policy.schemas.js';
import { ENDORSEMENT_WORKFLOW } from './policy.workflow.js';

/** The pending endorsements of a policy end with it: withdrawn, so none can be approved onto a cancelled policy. */
async function withdrawPendingEndorsements(tx: EntityManager, policyId: string): Promise<string[]> {
  const rows = await db(tx)
    .updateTable('endorsements')
    .set({
      status: transition(ENDORSEMENT_WORKFLOW, 'withdraw', 'pending'),
      withdrawn_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('policy_id', '=', policyId)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Cancels an active or reinstated policy from `effectiveDate` (today unless given; within the policy's
 * period). Its pending endorsements are withdrawn in the same transaction, and its unearned premium
 * (premiums' `unearnedPremium`: the paid premium for the days after that date) is kept on it, read with
 * its instalments locked before the policy, as a payment locks them.
 */
export async function cancelPolicy(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; reason: string; effectiveDate?: string },
): Promise<PolicyView> {
  return runAction({ deps, act }, POLICY_ACTIONS, {
    id: input.id,
    action: 'cancel',
    before: (tx) => lockInstalments(tx, input.id),
    apply: async (policy, tx) => {
      const effectiveDate = input.effectiveDate ?? clampToTerm(today(deps.clock), policy);
      if (effectiveDate < policy.effectiveFrom || effectiveDate > policy.effectiveTo)
        throw new DomainRuleError(
          'INVARIANT_VIOLATION',
          `effectiveDate must be within the policy's period, ${policy.effectiveFrom} to ${policy.effectiveTo}`,
          { field: 'effectiveDate' },
        );
      Object.assign(policy, {
        cancelledAt: raw<Date>('now()'),
        cancellationReason: input.reason,
        cancellationEffectiveDate: effectiveDate,
        unearnedPremiumMinor: await unearnedPremiumOf(tx, policy, effectiveDate),
      });
      const withdrawn = await withdrawPendingEndorsements(tx, policy.id);
      return {
        summary: { reason: input.reason, effectiveDate },
        audit: withdrawn.map((id) => ({
          action: ENDORSEMENT_WORKFLOW.steps.withdraw.audit,
          subjectType: 'endorsement',
          subjectId: id,
          summary: { reason: 'policy cancelled' },
        })),
        events: withdrawn.map((id) => ({
          stream: { type: 'policy' as const, id: policy.id },
          type: 'endorsement.withdrawn',
          subjectType: 'endorsement',
          subjectId: id,
          data: { reason: 'policy cancelled' },
        })),
      };
    },
  });
}

/** A cancellation without a date takes effect today, or on the first day of a policy that has not started. */
const clampToTerm = (day: string, policy: IPolicy) =>
  day < policy.effectiveFrom ? policy.effectiveFrom : day > policy.effectiveTo ? policy.effectiveTo : day;

/**
 * Reinstates a cancelled or lapsed policy within REINSTATEMENT_WINDOW_DAYS of its cancellation or
 * lapse (by the database's clock), else 422 REINSTATEMENT_WINDOW_EXPIRED; a lapsed one only once its
 * overdue instalments are paid (422 ARREARS_OUTSTANDING).
 */
export async function reinstatePolicy(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; reason: string },
): Promise<PolicyView> {
  const windowDays = deps.config.REINSTATEMENT_WINDOW_DAYS;
  return runAction({ deps, act }, POLICY_ACTIONS, {
    id: input.id,
    action: 'reinstate',
    apply: async (policy, tx, { from }) => {
      const { ended_at, expired } = await db(tx)
        .selectFrom('policies')
        .select((eb) => {
          const endedAt = from === 'cancelled' ? eb.ref('cancelled_at') : eb.ref('lapsed_at');
          return [
            sql<string | null>`${endedAt}`.as('ended_at'),
            sql<boolean>`coalesce(${endedAt} + make_interval(days => ${windowDays}) < now(), false)`.as('expired'),
          ];
        })
        .where('id', '=', policy.id)
        .executeTakeFirstOrThrow();
      if (expired)
        throw new DomainRuleError(
          'REINSTATEMENT_WINDOW_EXPIRED',
          `A policy can be reinstated only within ${windowDays} days of its ${from === 'cancelled' ? 'cancellation' : 'lapse'}`,
          { from, since: ended_at && new Date(ended_at).toISOString(), windowDays },
        );
      if (from === 'lapsed') await assertNoArrears(tx, policy.id, today(deps.clock));
      Object.assign(policy, {
        reinstatedAt: raw<Date>('now()'),
        cancelledAt: null,
        cancellationReason: null,
        cancellationEffectiveDate: null,
        unearnedPremiumMinor: null,
        lapsedAt: null,
      });
      return { summary: { reason: input.reason } };
    },
  });
}
