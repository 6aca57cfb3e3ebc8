import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import { DomainRuleError } from '../../kernel/errors.js';

/** A policy's instalments still owed after their day (`day`, UTC): each with what remains. */
export async function arrearsOf(tx: EntityManager, policyId: string, day: string) {
  const rows = await db(tx)
    .selectFrom('premium_instalments')
    .select(['id', 'seq', 'currency'])
    .select([sql<string>`due_on::text`.as('due_on'), sql<string>`(amount_minor - paid_minor)::text`.as('remaining')])
    .where('policy_id', '=', policyId)
    .where('status', '=', 'due')
    .where('due_on', '<', sql<string>`${day}::date`)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    instalmentId: r.id,
    seq: r.seq,
    dueOn: r.due_on,
    remainingMinor: Number(r.remaining),
    currency: r.currency,
  }));
}

/**
 * 422 ARREARS_OUTSTANDING unless every instalment of the policy due before `day` is paid (or waived):
 * `details` lists them and their sum, so the caller knows what to collect first.
 */
export async function assertNoArrears(tx: EntityManager, policyId: string, day: string): Promise<void> {
  const arrears = await arrearsOf(tx, policyId, day);
  if (!arrears.length) return;
  throw new DomainRuleError('ARREARS_OUTSTANDING', 'Every overdue premium instalment must be paid first', {
    instalments: arrears,
    totalMinor: arrears.reduce((sum, a) => sum + a.remainingMinor, 0),
  });
}
