import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';

/** An instalment as the unearned premium sees it: the day it falls due and what was paid on it. */
export interface PaidInstalment {
  seq: number;
  dueOn: string;
  paidMinor: number;
}

const DAY_MS = 86_400_000;
/** A calendar date (`YYYY-MM-DD`) as a count of days, so days between two dates are a subtraction. */
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * The unearned premium of a policy cancelled from `cancelledOn`: the paid premium for the days after
 * the cancellation date, pro rata by days. Each instalment covers the days from its dueOn up to the
 * next instalment's dueOn (instalments due on the same day share the period up to the next later
 * one), the last up to the day after `effectiveTo`. Summed over the instalments: what was paid on it
 * times the days of its period after `cancelledOn` divided by the days of its period, each rounded
 * down to whole minor units (so it is never more than was paid). An instalment due after the term's
 * end covers no day of it: all that was paid on it is unearned. Exact for any amount (BigInt).
 */
export function unearnedPremium(
  instalments: readonly PaidInstalment[],
  term: { effectiveTo: string },
  cancelledOn: string,
): number {
  const sorted = [...instalments].sort((a, b) => (a.dueOn === b.dueOn ? a.seq - b.seq : a.dueOn < b.dueOn ? -1 : 1));
  const termEnd = dayNumber(term.effectiveTo) + 1;
  const firstUnearned = dayNumber(cancelledOn) + 1;
  let unearned = 0n;
  for (const i of sorted) {
    if (i.paidMinor <= 0) continue;
    const start = dayNumber(i.dueOn);
    const later = sorted.find((n) => n.dueOn > i.dueOn);
    const end = later ? dayNumber(later.dueOn) : termEnd;
    const days = end - start;
    if (days <= 0) {
      unearned += BigInt(i.paidMinor);
      continue;
    }
    const after = end - Math.max(start, firstUnearned);
    if (after > 0) unearned += (BigInt(i.paidMinor) * BigInt(after)) / BigInt(days);
  }
  return Number(unearned);
}

/** A policy's unearned premium from `cancelledOn` (`unearnedPremium`), read in the caller's transaction. */
export async function unearnedPremiumOf(
  tx: EntityManager,
  policy: { id: string; effectiveTo: string },
  cancelledOn: string,
): Promise<number> {
  const rows = await db(tx)
    .selectFrom('premium_instalments')
    .select('seq')
    .select([sql<string>`due_on::text`.as('due_on'), sql<string>`paid_minor::text`.as('paid')])
    .where('policy_id', '=', policy.id)
    .execute();
  return unearnedPremium(
    rows.map((r) => ({ seq: r.seq, dueOn: r.due_on, paidMinor: Number(r.paid) })),
    policy,
    cancelledOn,
  );
}
