import { raw } from '@mikro-orm/core';
import { sql } from 'kysely';
import type { Act } from '../../kernel/act.js';
import { SWEEP_BATCH, type Sweep, type SweepDeps, sweep } from '../../kernel/sweep.js';
import { transition } from '../../kernel/workflow.js';
import { Dispute } from './dispute.entity.js';
import { disputePublished } from './dispute.view.js';
import { DISPUTE_WORKFLOW } from './dispute.workflow.js';

/** The deadline sweep: open or triaged disputes past their response deadline are escalated. */
export const ESCALATE_OVERDUE_DISPUTES: Sweep<'disputes'> = {
  name: 'escalate-overdue-disputes',
  table: 'disputes',
  candidates: (from, { now }) =>
    from.where('status', 'in', DISPUTE_WORKFLOW.steps.escalate.from).where('response_due_at', '<', now as never),
  apply: async (em, id) => {
    const dispute = await em.findOneOrFail(Dispute, id);
    const from = dispute.status;
    Object.assign(dispute, {
      status: transition(DISPUTE_WORKFLOW, 'escalate', from),
      outcome: 'escalated',
      escalatedAt: raw<Date>('now()'),
    });
    return {
      result: null,
      audit: {
        action: DISPUTE_WORKFLOW.steps.escalate.audit,
        subjectType: 'dispute',
        subjectId: id,
        summary: { from, reason: 'response deadline passed', responseDueAt: dispute.responseDueAt.toISOString() },
      },
      publish: [disputePublished('dispute.escalated', dispute)],
    };
  },
};

/** The close sweep: upheld, rejected or withdrawn disputes are closed `closeAfterDays` after they ended. */
export const closeEndedDisputes = (closeAfterDays: number): Sweep<'disputes'> => ({
  name: 'close-disputes',
  table: 'disputes',
  candidates: (from, { now }) =>
    from
      .where('status', 'in', DISPUTE_WORKFLOW.steps.close.from)
      .where(
        sql<boolean>`coalesce(resolved_at, withdrawn_at) < ${now}::timestamptz - make_interval(days => ${closeAfterDays})`,
      ),
  apply: async (em, id) => {
    const dispute = await em.findOneOrFail(Dispute, id);
    const from = dispute.status;
    Object.assign(dispute, { status: transition(DISPUTE_WORKFLOW, 'close', from), closedAt: raw<Date>('now()') });
    return {
      result: null,
      audit: { action: DISPUTE_WORKFLOW.steps.close.audit, subjectType: 'dispute', subjectId: id, summary: { from } },
    };
  },
});

export const escalateOverdueDisputes = (deps: SweepDeps, act: Act) =>
  sweep(deps, ESCALATE_OVERDUE_DISPUTES, { act, batchSize: SWEEP_BATCH });

export const closeDisputes = (deps: SweepDeps, act: Act) =>
  sweep(deps, closeEndedDisputes(deps.config.DISPUTE_CLOSE_AFTER_DAYS), { act, batchSize: SWEEP_BATCH });
