import type pg from 'pg';

/** The pools behind a transaction-mode pooler (DATABASE_POOLER=transaction): no named statements on them. */
const unnamed = new WeakSet<pg.Pool>();

/**
 * Marks a pool whose connections a transaction-mode pooler hands out one transaction at a time:
 * there the next query may reach another server connection, where a named statement is missing or
 * already exists (and PgBouncer before 1.21 does not track them at all). preparedQuery then sends
 * the same SQL unnamed, parsed at each call. Called as the ORM creates its pools (orm.ts).
 */
export function withoutNamedStatements(pool: pg.Pool): void {
  unnamed.add(pool);
}

/** Whether a statement on `pool` may be named (prepared once per connection). */
export const namedStatementsOn = (pool: pg.Pool): boolean => !unnamed.has(pool);
