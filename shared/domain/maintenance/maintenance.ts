import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { ServiceDeps } from '../deps.js';

/** Deletes idempotency records older than IDEMPOTENCY_TTL_HOURS. */
export async function purgeIdempotencyRecords(deps: ServiceDeps): Promise<number> {
  const { numDeletedRows } = await db(deps.orm.em.fork())
    .deleteFrom('idempotency_records')
    .where('created_at', '<', sql<string>`now() - make_interval(hours => ${deps.config.IDEMPOTENCY_TTL_HOURS})`)
    .executeTakeFirst();
  return Number(numDeletedRows);
}

/** Deletes outbox rows dispatched more than a week ago; undelivered rows are never deleted. */
export async function cleanOutbox(deps: ServiceDeps, keepDays = 7): Promise<number> {
  const { numDeletedRows } = await db(deps.orm.em.fork())
    .deleteFrom('outbox')
    .where('dispatched_at', '<', sql<string>`now() - make_interval(days => ${keepDays})`)
    .executeTakeFirst();
  return Number(numDeletedRows);
}
