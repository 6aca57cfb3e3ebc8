import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { Act } from '../../kernel/act.js';
import { today } from '../../kernel/clock.js';
import type { SweepDeps, SweepResult } from '../../kernel/sweep.js';
import { gracePeriodDays } from '../premiums/index.js';
import type { PolicyStatus } from './policy.entity.js';
import { policyViews, toPolicyView } from './policy.view.js';
import { POLICY_WORKFLOW } from './policy.workflow.js';

/** Policies lapsed per transaction: each batch's rows, audit entries, timeline entries and events commit together. */
export const LAPSE_BATCH = 2000;

const LAPSE = POLICY_WORKFLOW.steps.lapse;

/**
 * One batch, one statement: the next policies (in id order, past `after`, so a batch never walks
 * over the rows the batches before it lapsed) that are `active` or `reinstated` with an
 * instalment still due more than `graceDays` before `day`, locked with SKIP LOCKED (a policy someone
 * is changing now is left for the next run), set to `lapsed`, returning each with the status it had.
 */
async function lapseBatch(tx: EntityManager, day: string, graceDays: number, limit: number, after: string | null) {
  const { rows } = await sql<{ id: string; from: PolicyStatus; agent_id: string; insurer_id: string }>`
    with due as (
      select p.id, p.status from policies p
      where p.status in (${sql.join(LAPSE.from)})
        and (${after}::uuid is null or p.id > ${after}::uuid)
        and exists (
          select 1 from premium_instalments i
          where i.policy_id = p.id and i.status = 'due' and i.due_on < ${day}::date - ${graceDays}::int
        )
      order by p.id
      limit ${limit}
      for update skip locked
    )
    update policies p set status = ${LAPSE.to}, lapsed_at = now(), version = p.version + 1
    from due where p.id = due.id
    returning p.id, due.status as "from", p.agent_id, p.insurer_id`.execute(db(tx));
  return rows;
}

/**
 * The daily lapse sweep, set-based: batch by batch, one UPDATE lapses the policies with an instalment
 * overdue longer than the grace period (`payments.gracePeriodDays`, by the service's clock), and the
 * same transaction writes each one's timeline entry, audit entry (actor `system`) and `policy.lapsed`
 * event with the policy as GET shows it (read for the whole batch by one query). Idempotent: a lapsed
 * policy is no longer a candidate. Safe with several workers: each skips the rows another has locked.
 */
export async function lapsePolicies(deps: SweepDeps, act: Act, batchSize = LAPSE_BATCH): Promise<SweepResult> {
  const graceDays = await gracePeriodDays(deps, deps.orm.em);
  const day = today(deps.clock);
  const result: SweepResult = { processed: 0, failed: 0, skipped: 0, failures: [] };
  let after: string | null = null;
  for (;;) {
    const lapsed: number = await deps.uow.run(act, async (tx) => {
      const rows = await lapseBatch(tx, day, graceDays, batchSize, after);
      if (!rows.length) return { result: 0, audit: [] };
      after = rows.reduce((last, r) => (r.id > last ? r.id : last), rows[0].id);
      const views = await policyViews(tx)
        .where(
          'p.id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      const viewOf = new Map(views.map((v) => [v.id, toPolicyView(v)]));
      const summaryOf = (from: PolicyStatus) => ({ from, reason: 'premium overdue past its grace period', graceDays });
      return {
        result: rows.length,
        audit: rows.map((r) => ({
          action: LAPSE.audit,
          subjectType: 'policy',
          subjectId: r.id,
          summary: summaryOf(r.from),
        })),
        events: rows.map((r) => ({
          stream: { type: 'policy', id: r.id },
          type: 'policy.lapsed',
          subjectType: 'policy',
          subjectId: r.id,
          data: summaryOf(r.from),
        })),
        publish: rows.map((r) => ({
          type: 'policy.lapsed' as const,
          subject: { type: 'policy', id: r.id },
          owner: { agentId: r.agent_id, insurerId: r.insurer_id },
          data: async () => viewOf.get(r.id),
        })),
      };
    });
    result.processed += lapsed;
    if (lapsed < batchSize) return result;
  }
}
