import type { ServiceDeps } from '../deps.js';

/** Deletes idempotency records older than IDEMPOTENCY_TTL_HOURS. */
export async function purgeIdempotencyRecords(deps: ServiceDeps): Promise<number> {
  const rows = await deps.orm.em.fork().execute<{ n: number }[]>(
    `with gone as (delete from idempotency_records where created_at < now() - make_interval(hours => ?) returning 1)
     select count(*)::int as n from gone`,
    [deps.config.IDEMPOTENCY_TTL_HOURS],
  );
  return rows[0].n;
}

/** Deletes outbox rows dispatched more than a week ago; undelivered rows are never deleted. */
export async function cleanOutbox(deps: ServiceDeps, keepDays = 7): Promise<number> {
  const rows = await deps.orm.em.fork().execute<{ n: number }[]>(
    `with gone as (delete from outbox where dispatched_at < now() - make_interval(days => ?) returning 1)
     select count(*)::int as n from gone`,
    [keepDays],
  );
  return rows[0].n;
}
