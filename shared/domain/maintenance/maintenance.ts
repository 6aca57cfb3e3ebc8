import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { ServiceDeps } from '../../kernel/deps.js';

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

/**
 * Forgets what sign-in protection no longer needs, so the tables do not grow with every email ever
 * tried: failure counts (of emails, a user's or not, and of device tokens) not locked now and not failed
 * for a day, and password-reset requests handled over `keepDays` ago.
 */
export async function forgetSignInRecords(
  deps: ServiceDeps,
  keepDays = 7,
): Promise<{ failureCounts: number; deviceFailureCounts: number; resetRequests: number }> {
  const em = deps.orm.em.fork();
  const idle = sql<string>`now() - interval '1 day'`;
  const counts = await db(em)
    .deleteFrom('sign_in_failures')
    .where('updated_at', '<', idle)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<string>`now()`)]))
    .executeTakeFirst();
  const devices = await db(em)
    .deleteFrom('sign_in_device_failures')
    .where('updated_at', '<', idle)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<string>`now()`)]))
    .executeTakeFirst();
  const requests = await db(em)
    .deleteFrom('password_reset_requests')
    .where('handled_at', '<', sql<string>`now() - make_interval(days => ${keepDays})`)
    .executeTakeFirst();
  return {
    failureCounts: Number(counts.numDeletedRows),
    deviceFailureCounts: Number(devices.numDeletedRows),
    resetRequests: Number(requests.numDeletedRows),
  };
}
