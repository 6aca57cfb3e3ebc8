import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../db/database.js';
import { uuidv7 } from '../../kernel/ids.js';

export const PREMIUM_FREQUENCIES = ['annual', 'semi_annual', 'quarterly', 'monthly'] as const;
export type PremiumFrequency = (typeof PREMIUM_FREQUENCIES)[number];

/** Months between two instalments. */
const MONTHS: Record<PremiumFrequency, number> = { annual: 12, semi_annual: 6, quarterly: 3, monthly: 1 };

/** `date` plus `months`, on the same day of the month or the month's last day (31 January + 1 month: 28 or 29 February). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export interface ScheduledInstalment {
  seq: number;
  dueOn: string;
  amountMinor: number;
}

/**
 * A premium split over a term: one instalment every period from the first day, while the day falls
 * in the term (effectiveTo included). Each is the premium divided by their number, in whole minor
 * units; the remainder goes on the first. So they sum to the premium exactly, and no two differ by
 * more than the remainder.
 */
export function splitPremium(input: {
  premiumMinor: number;
  frequency: PremiumFrequency;
  effectiveFrom: string;
  effectiveTo: string;
}): ScheduledInstalment[] {
  const dues: string[] = [];
  // Counted from the first day each time, so a 31st stays the 31st wherever a month has one.
  for (let k = 0; ; k++) {
    const dueOn = addMonths(input.effectiveFrom, k * MONTHS[input.frequency]);
    if (dueOn > input.effectiveTo) break;
    dues.push(dueOn);
  }
  const count = Math.min(dues.length, input.premiumMinor);
  const base = Math.floor(input.premiumMinor / count);
  const remainder = input.premiumMinor - base * count;
  return dues.slice(0, count).map((dueOn, i) => ({ seq: i + 1, dueOn, amountMinor: base + (i === 0 ? remainder : 0) }));
}

/** Writes a new policy's instalments in its transaction. */
export async function scheduleInstalments(
  tx: EntityManager,
  policy: {
    id: string;
    currency: string;
    premiumMinor: number;
    frequency: PremiumFrequency;
    effectiveFrom: string;
    effectiveTo: string;
  },
): Promise<void> {
  const rows = splitPremium(policy).map((i) => ({
    id: uuidv7(),
    policy_id: policy.id,
    seq: i.seq,
    due_on: i.dueOn,
    amount_minor: i.amountMinor,
    currency: policy.currency,
  }));
  await db(tx).insertInto('premium_instalments').values(rows).execute();
}
