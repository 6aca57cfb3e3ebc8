import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import { type At, defineActions, runAction } from '../../kernel/action.js';
import { computedInstant } from '../../kernel/calendar.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { DomainRuleError, InvalidTransitionError, NotFoundError } from '../../kernel/errors.js';
import { UUID_TEXT, uuidv7 } from '../../kernel/ids.js';
import { listPage, type Page } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import { inScope } from '../../kernel/scope.js';
import { assertFourEyes } from '../access/index.js';
import { CLAIM_SCOPE_COLUMNS } from '../claims/index.js';
import { nextNumber } from '../id-patterns/index.js';
import { Dispute } from './dispute.entity.js';
import type {
  DisputeFilters,
  DisputeView,
  RaiseDisputeInput,
  ResolveDisputeInput,
  TriageDisputeInput,
  WithdrawDisputeInput,
} from './dispute.schemas.js';
import {
  DISPUTE_LIST,
  type DisputeRow,
  disputePublished,
  disputeRows,
  loadDisputeView,
  toDisputeView,
} from './dispute.view.js';
import { DISPUTE_WORKFLOW } from './dispute.workflow.js';

/** The final response is due eight weeks after a dispute is raised. */
export const RESPONSE_DUE_WEEKS = 8;

/** Whose disputes the caller sees: everyone's with scope all, else their own. */
const visibleTo = (act: UserAct) => (act.caller.scope.kind === 'all' ? undefined : act.caller.userId);

export async function listDisputes(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: DisputeFilters & { q?: string }; page: Keyset<(typeof DISPUTE_LIST.sortable)[number]> },
): Promise<Page<DisputeRow>> {
  return listPage(DISPUTE_LIST, readSide(deps, act), act.caller.scope, {
    filters: { ...input.filters, raisedBy: visibleTo(act) },
    page: input.page,
  });
}

export async function getDispute(deps: ServiceDeps, act: UserAct, input: { id: string }): Promise<DisputeView> {
  const raiser = visibleTo(act);
  const row = await disputeRows(readSide(deps, act))
    .where('d.id', '=', input.id)
    .$if(raiser !== undefined, (q) => q.where('d.raised_by', '=', raiser!))
    .executeTakeFirst();
  if (!row) throw new NotFoundError('No such dispute');
  return toDisputeView(row);
}

/**
 * Dispute actions: on a dispute its raiser (or scope all) sees, answered with the dispute. No events:
 * a dispute has no stream of its own.
 */
const DISPUTE_ACTIONS = defineActions({
  entity: Dispute,
  subject: 'dispute',
  workflow: DISPUTE_WORKFLOW,
  within: ({ act }: At<ServiceDeps, UserAct>) => {
    const raiser = visibleTo(act);
    return raiser ? { raisedBy: raiser } : {};
  },
  answer: (em, dispute) => loadDisputeView(em, dispute.id),
});

/**
 * A dispute is triaged and resolved by someone other than its raiser, whatever they hold (complaints
 * are handled by someone else): four eyes, so a machine client counts as whoever answers for it.
 */
const notByRaiser = (act: UserAct) => (dispute: { raisedBy: string }, tx: EntityManager) =>
  assertFourEyes(
    tx,
    dispute.raisedBy,
    act.caller.userId,
    'A dispute is triaged and resolved by someone other than its raiser',
  );

/**
 * Raises a dispute, due for its final response eight weeks later. A claim subject must be a claim the
 * raiser can see (404 otherwise, as for the claim itself); other subjects are kept as given.
 */
export async function raiseDispute(deps: ServiceDeps, act: UserAct, input: RaiseDisputeInput): Promise<DisputeView> {
  return deps.uow.run(act, async (tx) => {
    if (input.subjectType === 'claim') {
      const claim = UUID_TEXT.test(input.subjectId)
        ? await db(tx)
            .selectFrom('claims as c')
            .select('c.id')
            .where('c.id', '=', input.subjectId)
            .where((eb) => inScope(eb, act.caller.scope, CLAIM_SCOPE_COLUMNS))
            .executeTakeFirst()
        : undefined;
      if (!claim) throw new NotFoundError('No such claim');
    }
    const id = uuidv7();
    const disputeNumber = await nextNumber(tx, 'dispute');
    tx.create(Dispute, {
      id,
      disputeNumber,
      status: 'open',
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      raisedBy: act.caller.userId,
      reason: input.reason,
      description: input.description ?? null,
      responseDueAt: computedInstant('responseDueAt', Date.now() + RESPONSE_DUE_WEEKS * 7 * 86_400_000),
    });
    await tx.flush();
    return {
      result: await loadDisputeView(tx, id),
      audit: {
        action: 'dispute.raise',
        subjectType: 'dispute',
        subjectId: id,
        summary: { disputeNumber, subjectType: input.subjectType, subjectId: input.subjectId },
      },
    };
  });
}

/** open → triaged with a severity and, optionally, the handler (an active user) and a note. */
export async function triageDispute(deps: ServiceDeps, act: UserAct, input: TriageDisputeInput): Promise<DisputeView> {
  return runAction({ deps, act }, DISPUTE_ACTIONS, {
    id: input.id,
    action: 'triage',
    guard: notByRaiser(act),
    apply: async (dispute, tx) => {
      if (input.assigneeId) {
        const assignee = await db(tx)
          .selectFrom('users')
          .select('status')
          .where('id', '=', input.assigneeId)
          .executeTakeFirst();
        if (assignee?.status !== 'active')
          throw new DomainRuleError('INVARIANT_VIOLATION', 'The assignee must be an active user', {
            field: 'assigneeId',
          });
      }
      Object.assign(dispute, {
        severity: input.severity,
        assigneeId: input.assigneeId ?? dispute.assigneeId,
        triageNote: input.note ?? null,
        triagedAt: raw<Date>('now()'),
      });
      return { summary: { severity: input.severity, assigneeId: input.assigneeId } };
    },
  });
}

/**
 * Resolves a triaged dispute to upheld, rejected or escalated, or an escalated one to upheld or
 * rejected (escalating it again answers 422 INVALID_TRANSITION).
 */
export async function resolveDispute(
  deps: ServiceDeps,
  act: UserAct,
  input: ResolveDisputeInput,
): Promise<DisputeView> {
  return runAction({ deps, act }, DISPUTE_ACTIONS, {
    id: input.id,
    action: 'resolve',
    guard: notByRaiser(act),
    apply: (dispute, _tx, { from }) => {
      if (from === 'escalated' && input.outcome === 'escalated')
        throw new InvalidTransitionError(from, 'resolve', ['triaged'], 'dispute');
      const escalating = input.outcome === 'escalated';
      Object.assign(dispute, {
        outcome: input.outcome,
        resolution: input.resolution,
        ...(escalating ? { escalatedAt: raw<Date>('now()') } : { resolvedAt: raw<Date>('now()') }),
      });
      return {
        to: input.outcome,
        summary: { resolution: input.resolution },
        publish: [disputePublished(escalating ? 'dispute.escalated' : 'dispute.resolved', dispute)],
      };
    },
  });
}

/** open or triaged → withdrawn, by the raiser or a caller with scope all (nobody else can see it). */
export async function withdrawDispute(
  deps: ServiceDeps,
  act: UserAct,
  input: WithdrawDisputeInput,
): Promise<DisputeView> {
  return runAction({ deps, act }, DISPUTE_ACTIONS, {
    id: input.id,
    action: 'withdraw',
    apply: (dispute) => {
      Object.assign(dispute, { withdrawReason: input.reason, withdrawnAt: raw<Date>('now()') });
      return { summary: { reason: input.reason } };
    },
  });
}
