import { raw } from '@mikro-orm/core';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { UserAct } from '../../kernel/act.js';
import { runAction } from '../../kernel/action.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { DomainRuleError, ValidationError } from '../../kernel/errors.js';
import { type Money, notPositive } from '../../kernel/money.js';
import { covers, scopeOf } from '../../kernel/scope.js';
import { assertFourEyes, permissionsHeldBy } from '../access/index.js';
import { PolicyEntity as Policy } from '../policies/index.js';
import { CLAIM_ACTIONS } from './claims.service.js';

/** Days after repudiation within which the one appeal may be made. */
export const APPEAL_WINDOW_DAYS = 30;

/**
 * Assigns a handler, who must hold claim:review and whose data scope covers the claim (insurer B's
 * staff never handle insurer A's claims); a filed claim goes under review. One answer for every
 * refusal, so it tells nothing about users the caller cannot see.
 */
export async function assignClaim(deps: ServiceDeps, act: UserAct, input: { id: string; assigneeId: string }) {
  return runAction({ deps, act }, CLAIM_ACTIONS, {
    id: input.id,
    action: 'assign',
    apply: async (claim, tx) => {
      const assignee = await db(tx)
        .selectFrom('users')
        .select(['id', 'insurer_id'])
        .where('id', '=', input.assigneeId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      const permissions = new Set(assignee ? await permissionsHeldBy(tx, assignee.id) : []);
      const seesClaim = assignee && covers(scopeOf(assignee.id, assignee.insurer_id, permissions), claim);
      if (!permissions.has('claim:review') || !seesClaim)
        throw new DomainRuleError(
          'INVARIANT_VIOLATION',
          'The assignee must be an active user holding claim:review whose data scope covers the claim',
          { field: 'assigneeId' },
        );
      const previous = claim.assigneeId;
      claim.assigneeId = input.assigneeId;
      return { summary: { assigneeId: input.assigneeId, previousAssigneeId: previous } };
    },
  });
}

export const reviewClaim = (deps: ServiceDeps, act: UserAct, input: { id: string }) =>
  runAction({ deps, act }, CLAIM_ACTIONS, { id: input.id, action: 'review' });

export const investigateClaim = (deps: ServiceDeps, act: UserAct, input: { id: string }) =>
  runAction({ deps, act }, CLAIM_ACTIONS, { id: input.id, action: 'investigate' });

export const requestClaimDocuments = (deps: ServiceDeps, act: UserAct, input: { id: string; documents?: string[] }) =>
  runAction({ deps, act }, CLAIM_ACTIONS, {
    id: input.id,
    action: 'requestDocuments',
    apply: (claim) => {
      claim.requestedDocuments = input.documents ?? [];
      return { summary: { documents: input.documents ?? [] } };
    },
  });

/**
 * Settles at `amount` (in the claim's currency): more than zero (400: a claim worth nothing is
 * repudiated), at most the claimed amount and the policy's sum insured (422 SETTLEMENT_EXCEEDS_COVER);
 * never by the user who filed it (403, four eyes, checked under the row lock). The settlement shows on
 * the policy's timeline.
 */
export async function settleClaim(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; amount: Money; note?: string },
) {
  const zero = notPositive('amount', input.amount);
  if (zero.length) throw new ValidationError(zero);
  return runAction({ deps, act }, CLAIM_ACTIONS, {
    id: input.id,
    action: 'settle',
    apply: async (claim, tx) => {
      await assertFourEyes(tx, claim.filedBy, act.caller.userId, 'The user who filed a claim cannot settle it');
      if (input.amount.currency !== claim.currency)
        throw new DomainRuleError('INVARIANT_VIOLATION', `amount must be in the claim's currency, ${claim.currency}`, {
          field: 'amount.currency',
        });
      const policy = await tx.findOneOrFail(Policy, claim.policyId);
      const cover = Math.min(claim.claimedAmountMinor, policy.sumInsuredMinor);
      if (input.amount.amountMinor > cover)
        throw new DomainRuleError(
          'SETTLEMENT_EXCEEDS_COVER',
          'The settlement exceeds the claimed amount or the sum insured',
          { claimedAmountMinor: claim.claimedAmountMinor, sumInsuredMinor: policy.sumInsuredMinor },
        );
      Object.assign(claim, {
        settledAmountMinor: input.amount.amountMinor,
        settledAt: raw<Date>('now()'),
        reasons: { ...claim.reasons, ...(input.note ? { settle: input.note } : {}) },
      });
      return { summary: { amount: input.amount } };
    },
  });
}

export const repudiateClaim = (deps: ServiceDeps, act: UserAct, input: { id: string; reason: string }) =>
  runAction({ deps, act }, CLAIM_ACTIONS, {
    id: input.id,
    action: 'repudiate',
    apply: (claim) => {
      Object.assign(claim, {
        repudiatedAt: raw<Date>('now()'),
        reasons: { ...claim.reasons, repudiate: input.reason },
      });
      return { summary: { reason: input.reason } };
    },
  });

export const withdrawClaim = (deps: ServiceDeps, act: UserAct, input: { id: string; reason: string }) =>
  runAction({ deps, act }, CLAIM_ACTIONS, {
    id: input.id,
    action: 'withdraw',
    apply: (claim) => {
      claim.reasons = { ...claim.reasons, withdraw: input.reason };
      return { summary: { reason: input.reason } };
    },
  });

/** Appeals a repudiation: once per claim, within APPEAL_WINDOW_DAYS of it (else 422 APPEAL_LIMIT_REACHED). */
export const appealClaim = (deps: ServiceDeps, act: UserAct, input: { id: string; reason: string }) =>
  runAction({ deps, act }, CLAIM_ACTIONS, {
    id: input.id,
    action: 'appeal',
    apply: async (claim, tx) => {
      if (claim.appealCount >= 1)
        throw new DomainRuleError('APPEAL_LIMIT_REACHED', 'A claim can be appealed once', {
          appealCount: claim.appealCount,
        });
      const { late } = await db(tx)
        .selectFrom('claims')
        .select(
          sql<boolean>`coalesce(repudiated_at + make_interval(days => ${APPEAL_WINDOW_DAYS}) < now(), false)`.as(
            'late',
          ),
        )
        .where('id', '=', claim.id)
        .executeTakeFirstOrThrow();
      if (late)
        throw new DomainRuleError(
          'APPEAL_LIMIT_REACHED',
          `A repudiation can be appealed within ${APPEAL_WINDOW_DAYS} days`,
          {
            windowDays: APPEAL_WINDOW_DAYS,
          },
        );
      Object.assign(claim, { appealCount: claim.appealCount + 1, reasons: { ...claim.reasons, appeal: input.reason } });
      return { summary: { reason: input.reason } };
    },
  });

/** Closes a repudiated or withdrawn claim, or a settled one once fully paid (else 422 OUTSTANDING_PAYMENTS). */
export const closeClaim = (deps: ServiceDeps, act: UserAct, input: { id: string }) =>
  runAction({ deps, act }, CLAIM_ACTIONS, {
    id: input.id,
    action: 'close',
    apply: (claim) => {
      if (claim.status === 'settled' && claim.paidAmountMinor < (claim.settledAmountMinor ?? 0))
        throw new DomainRuleError('OUTSTANDING_PAYMENTS', 'The settlement is not fully paid', {
          settledAmountMinor: claim.settledAmountMinor,
          paidAmountMinor: claim.paidAmountMinor,
        });
      Object.assign(claim, { closedAt: raw<Date>('now()') });
      return {};
    },
  });
