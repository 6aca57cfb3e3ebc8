import { sql } from 'kysely';
import { db, isoOrNull } from '../../db/database.js';
import type { UserAct } from '../../kernel/act.js';
import { today } from '../../kernel/clock.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { readSide } from '../../kernel/reads.js';
import type { InstalmentView } from './premiums.schemas.js';
import { visiblePolicy } from './visible-policy.js';

/**
 * GET /policies/{id}/premiums: the policy's instalments in order, a `due` one past its day (UTC, by
 * the service's clock) read as `overdue`. A policy outside the caller's scope is 404.
 */
export async function listPremiums(deps: ServiceDeps, act: UserAct, { id }: { id: string }): Promise<InstalmentView[]> {
  await visiblePolicy(readSide(deps, act), act.caller.scope, id);
  const day = today(deps.clock);
  const rows = await db(readSide(deps, act))
    .selectFrom('premium_instalments')
    .select(['id', 'seq', 'currency', 'status', 'paid_at'])
    .select([
      sql<string>`due_on::text`.as('due_on'),
      sql<string>`amount_minor::text`.as('amount_minor'),
      sql<string>`paid_minor::text`.as('paid_minor'),
    ])
    .where('policy_id', '=', id)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    dueOn: r.due_on,
    amount: { amountMinor: Number(r.amount_minor), currency: r.currency },
    paidAmount: { amountMinor: Number(r.paid_minor), currency: r.currency },
    status: r.status === 'due' && r.due_on < day ? 'overdue' : r.status,
    paidAt: isoOrNull(r.paid_at),
  }));
}
