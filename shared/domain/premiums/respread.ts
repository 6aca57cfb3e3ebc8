import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, jsonRows } from '../../db/database.js';
import { DomainRuleError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import type { StoredInstalmentStatus } from './instalment.entity.js';

/** An instalment as a change of the premium sees it: its amount, what is paid on it and whether it is still owed. */
export interface HeldInstalment {
  seq: number;
  amountMinor: number;
  paidMinor: number;
  status: StoredInstalmentStatus;
}

export interface Respread {
  /** The instalments in the order given, with their new amounts and statuses. */
  instalments: HeldInstalment[];
  /** The amount of a new instalment the premium needs (none owed to take an increase), 0 for none. */
  addedMinor: number;
}

/** What is still owed on a schedule: the unpaid part of its `due` instalments, all a decrease can take. */
export const owedMinor = (instalments: readonly HeldInstalment[]): number =>
  instalments.filter((i) => i.status === 'due').reduce((sum, i) => sum + i.amountMinor - i.paidMinor, 0);

/**
 * A premium changed by `difference` (new minus old), spread over the instalments still owed (`due`);
 * paid and waived ones stay as they are. An increase is divided evenly in whole minor units, the
 * remainder on the first owed instalment, as `splitPremium` does; with none owed it is a new instalment
 * (`addedMinor`). A decrease is taken evenly from the owed instalments, none below what is paid on it:
 * what one cannot give the others give, and the remainder comes off the first ones that can. An owed
 * instalment brought down to what is paid on it is `paid`, or `waived` at 0 when nothing was paid.
 * null: the decrease is more than is still owed (`owedMinor`).
 */
export function respreadInstalments(instalments: readonly HeldInstalment[], difference: number): Respread | null {
  const next = instalments.map((i) => ({ ...i }));
  const owed = next.filter((i) => i.status === 'due').sort((a, b) => a.seq - b.seq);
  if (difference > 0) {
    if (!owed.length) return { instalments: next, addedMinor: difference };
    const base = Math.floor(difference / owed.length);
    const remainder = difference - base * owed.length;
    owed.forEach((i, k) => {
      i.amountMinor += base + (k === 0 ? remainder : 0);
    });
  } else if (difference < 0) {
    const takes = takeEvenly(
      -difference,
      owed.map((i) => i.amountMinor - i.paidMinor),
    );
    if (!takes) return null;
    owed.forEach((i, k) => {
      if (!takes[k]) return;
      i.amountMinor -= takes[k];
      if (i.amountMinor === i.paidMinor) i.status = i.paidMinor > 0 ? 'paid' : 'waived';
    });
  }
  return { instalments: next, addedMinor: 0 };
}

/**
 * `total` taken from places that can give at most `rooms[k]` each: in rounds of an even share of what
 * is left over those that can still give, each giving its share or all it has left; once the share is
 * under one unit, the remainder (fewer units than places left) from the first that can still give.
 * null when the rooms together hold less than `total`.
 */
function takeEvenly(total: number, rooms: readonly number[]): number[] | null {
  if (total > rooms.reduce((sum, r) => sum + r, 0)) return null;
  const takes = rooms.map(() => 0);
  let left = total;
  while (left > 0) {
    const open = rooms.flatMap((room, k) => (takes[k] < room ? [k] : []));
    const share = Math.floor(left / open.length);
    if (share === 0) break;
    for (const k of open) {
      const take = Math.min(share, rooms[k] - takes[k]);
      takes[k] += take;
      left -= take;
    }
  }
  for (let k = 0; left > 0; k++) {
    const take = Math.min(left, rooms[k] - takes[k]);
    takes[k] += take;
    left -= take;
  }
  return takes;
}

/**
 * Locks a policy's instalments (in seq order) for a change of the policy that reads or rewrites them.
 * Taken before the policy's own row lock: a premium payment locks its instalment and then, through its
 * foreign key, the policy, so the two always lock in the same order and never deadlock.
 */
export async function lockInstalments(tx: EntityManager, policyId: string): Promise<void> {
  await db(tx)
    .selectFrom('premium_instalments')
    .select('id')
    .where('policy_id', '=', policyId)
    .orderBy('seq')
    .forUpdate()
    .execute();
}

/**
 * An approved change of a policy's premium applied to its schedule, in the caller's transaction (with
 * the instalments locked, `lockInstalments`): `respreadInstalments` written, the new instalment (if
 * any) due on the change's effective date. A decrease of more than is still owed is 422
 * INVARIANT_VIOLATION on `changes.premium` with the lowest premium possible (the premium less what is
 * owed: what is paid, and what waived instalments hold), and writes nothing. A
 * policy with no schedule at all (one written before schedules) keeps none. Answers how many
 * instalments changed or were added.
 */
export async function respreadPremium(
  tx: EntityManager,
  change: { policyId: string; currency: string; fromMinor: number; toMinor: number; effectiveDate: string },
): Promise<number> {
  const rows = await db(tx)
    .selectFrom('premium_instalments')
    .select(['id', 'seq', 'status'])
    .select([sql<string>`amount_minor::text`.as('amount'), sql<string>`paid_minor::text`.as('paid')])
    .where('policy_id', '=', change.policyId)
    .orderBy('seq')
    .execute();
  if (!rows.length || change.toMinor === change.fromMinor) return 0;
  const held = rows.map((r) => ({
    seq: r.seq,
    amountMinor: Number(r.amount),
    paidMinor: Number(r.paid),
    status: r.status,
  }));
  const spread = respreadInstalments(held, change.toMinor - change.fromMinor);
  if (!spread) {
    const lowest = change.fromMinor - owedMinor(held);
    throw new DomainRuleError(
      'INVARIANT_VIOLATION',
      `changes.premium would take off more than is still owed on the instalments: the lowest premium is ${lowest} ${change.currency}`,
      { field: 'changes.premium', lowestPremium: { amountMinor: lowest, currency: change.currency } },
    );
  }
  const changed = spread.instalments.flatMap((i, k) =>
    i.amountMinor === held[k].amountMinor ? [] : [{ id: rows[k].id, amount: i.amountMinor, status: i.status }],
  );
  if (changed.length)
    await db(tx)
      .updateTable('premium_instalments as i')
      .from(jsonRows(changed, 'id uuid, amount bigint, status text'))
      .set((eb) => ({
        amount_minor: eb.ref('v.amount'),
        status: sql<StoredInstalmentStatus>`v.status`,
        paid_at: sql<Date | null>`case when v.status = 'paid' then now() else i.paid_at end`,
      }))
      .whereRef('i.id', '=', 'v.id')
      .execute();
  if (spread.addedMinor)
    await db(tx)
      .insertInto('premium_instalments')
      .values({
        id: uuidv7(),
        policy_id: change.policyId,
        seq: Math.max(...held.map((i) => i.seq)) + 1,
        due_on: change.effectiveDate,
        amount_minor: spread.addedMinor,
        currency: change.currency,
      })
      .execute();
  return changed.length + (spread.addedMinor ? 1 : 0);
}
