import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { type Database, db } from '../../db/database.js';
import { DomainRuleError } from '../../kernel/errors.js';
import type { IdEntity } from './id-pattern.entity.js';
import { formatParts, parsePattern } from './pattern.js';

export type { IdEntity };

type NumberColumn = { [T in keyof Database]: { table: T; column: keyof Database[T] & string } }[keyof Database];

/** Where each entity's numbers are kept, under a unique index (null: no table yet). */
const NUMBERED: Record<IdEntity, NumberColumn | null> = {
  policy: { table: 'policies', column: 'policy_number' },
  claim: { table: 'claims', column: 'claim_number' },
  quotation: { table: 'quotations', column: 'quotation_number' },
  renewal: { table: 'renewals', column: 'renewal_number' },
  dispute: { table: 'disputes', column: 'dispute_number' },
  endorsement: { table: 'endorsements', column: 'endorsement_number' },
};

/** How many numbers in use a pattern may skip (in batches of SKIP_BATCH) before issuing gives up. */
const SKIP_BATCH = 1_000;
const SKIP_BATCHES = 10;

async function inUse(tx: EntityManager, where: NumberColumn, numbers: string[]): Promise<Set<string>> {
  const { rows } = await sql<{ n: string }>`select ${sql.ref(where.column)} as n from ${sql.table(where.table)}
    where ${sql.ref(where.column)} = any(${numbers}::text[])`.execute(db(tx));
  return new Set(rows.map((r) => r.n));
}

/**
 * The next number of `entity`, from its active pattern, in the caller's transaction. The pattern's
 * sequence is taken with one UPDATE ... RETURNING: the row stays locked until the caller commits, so
 * concurrent issuers queue and each gets the next value, and a caller that rolls back gives its value
 * back (no gaps, no repeats). Patterns without {SEQ:n} still advance the counter; their uniqueness is
 * the {RAND:n}.
 *
 * A number already in use (made by another pattern of the entity whose numbers overlap this one's, or
 * a {RAND:n} drawn twice) is skipped: the next free value of the sequence is taken (the skipped ones
 * exist already, so the numbers show no gap) or the random part drawn again. A pattern that keeps
 * meeting numbers in use answers 422 instead of failing on the record's unique index.
 */
export async function nextNumber(tx: EntityManager, entity: IdEntity, now = new Date()): Promise<string> {
  const row = await db(tx)
    .updateTable('id_patterns')
    .set({ next_seq: sql<number>`next_seq + 1` })
    .where('entity', '=', entity)
    .where('active', '=', true)
    .returning(['id', 'pattern', sql<string>`next_seq - 1`.as('seq')])
    .executeTakeFirst();
  if (!row)
    throw new DomainRuleError('INVARIANT_VIOLATION', `No active identifier pattern numbers ${entity} records`, {
      entity,
    });
  const { parts } = parsePattern(row.pattern);
  const seq = Number(row.seq);
  const number = formatParts(parts, seq, now);
  const where = NUMBERED[entity];
  if (!where || !(await inUse(tx, where, [number])).has(number)) return number;

  for (let batch = 0; batch < SKIP_BATCHES; batch++) {
    const from = seq + 1 + batch * SKIP_BATCH;
    const candidates = Array.from({ length: SKIP_BATCH }, (_, i) => formatParts(parts, from + i, now));
    const used = await inUse(tx, where, candidates);
    const free = candidates.findIndex((candidate) => !used.has(candidate));
    if (free >= 0) {
      await db(tx)
        .updateTable('id_patterns')
        .set({ next_seq: from + free + 1 })
        .where('id', '=', row.id)
        .execute();
      return candidates[free];
    }
  }
  throw new DomainRuleError(
    'INVARIANT_VIOLATION',
    `The active identifier pattern of ${entity} records gives numbers already in use; give it a pattern of its own`,
    { entity, pattern: row.pattern },
  );
}
