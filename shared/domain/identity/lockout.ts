import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { RateLimitedError } from '../../kernel/errors.js';
import type { AuditInput, WriteContext } from '../../kernel/unit-of-work.js';
import { operationalSetting } from '../operational-policies/index.js';

/**
 * Lockout that slows a password guesser without letting anyone lock a real user out (OWASP "device
 * cookies"). Failed sign-ins (wrong password, wrong MFA code at sign-in, wrong current password at
 * change-password, wrong password or code at MFA verify and disable) are counted per device token when
 * the attempt presents a valid one of the user, else per normalised email, whether or not a user has
 * it. At the threshold that counter is locked:
 * attempts it covers answer 429 before any password is checked, alike for emails nobody has. A
 * stranger's failures lock the email, never the user's devices; a lockout changes no user and ends no
 * session.
 */

/** An email as sign-in, lockout and recovery compare it. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The count an attempt is counted under. */
export type FailureCounter = { kind: 'email'; email: string } | { kind: 'device'; deviceId: string; userId: string };

/**
 * The device token's counter when the token is valid and was issued to `userId` (the user with the
 * email tried); the email's otherwise, as for an invalid, expired or another user's token.
 */
export function failureCounter(
  deps: Pick<ServiceDeps, 'deviceTokens'>,
  email: string,
  userId: string | null,
  deviceToken: string | undefined,
): FailureCounter {
  const device = deviceToken ? deps.deviceTokens.read(deviceToken) : null;
  return device && userId && device.userId === userId
    ? { kind: 'device', deviceId: device.deviceId, userId }
    : { kind: 'email', email };
}

/** The lockout rule now: operational policies when active (bounded), else LOCKOUT_THRESHOLD and LOCKOUT_MINUTES. Read at each failure. */
export async function lockoutPolicy(
  deps: ServiceDeps,
  em: EntityManager,
): Promise<{ threshold: number; minutes: number }> {
  const threshold = await operationalSetting(deps, em, 'security.lockoutThreshold');
  const minutes = await operationalSetting(deps, em, 'security.lockoutMinutes');
  return { threshold: threshold ?? deps.config.LOCKOUT_THRESHOLD, minutes: minutes ?? deps.config.LOCKOUT_MINUTES };
}

export const lockedOut = (seconds: number) =>
  new RateLimitedError(Math.max(1, seconds), {
    message: 'Too many failed sign-ins; try again later',
    details: { reason: 'too_many_failed_sign_ins' },
  });

const secondsLeft = sql<number>`greatest(ceil(extract(epoch from locked_until - now())), 0)::int`.as('seconds');

/** Seconds left of the counter's lock (0 when it is not locked); `forUpdate` in a transaction that will change the row. */
async function secondsLocked(em: EntityManager, counter: FailureCounter, forUpdate = false): Promise<number> {
  const row =
    counter.kind === 'email'
      ? await db(em)
          .selectFrom('sign_in_failures')
          .select(secondsLeft)
          .where('email', '=', counter.email)
          .$if(forUpdate, (q) => q.forUpdate())
          .executeTakeFirst()
      : await db(em)
          .selectFrom('sign_in_device_failures')
          .select(secondsLeft)
          .where('device_id', '=', counter.deviceId)
          .$if(forUpdate, (q) => q.forUpdate())
          .executeTakeFirst();
  return row?.seconds ?? 0;
}

/**
 * A failed sign-in (or a wrong current password): counted, committed, audited (for an email nobody
 * has too, which helps spot credential stuffing), and answered with `failure`.
 */
export async function recordFailedSignIn(
  deps: ServiceDeps,
  ctx: WriteContext,
  counter: FailureCounter,
  userId: string | null,
  failure: Error,
): Promise<never> {
  return deps.uow.run<never>(ctx, async (tx) => ({
    result: undefined as never,
    audit: await countFailure(deps, tx, counter, userId),
    failure,
  }));
}

/** Refuses with 429 when the counter is locked: called before any password or code is checked. */
export async function refuseIfLocked(em: EntityManager, counter: FailureCounter): Promise<void> {
  const seconds = await secondsLocked(em, counter);
  if (seconds > 0) throw lockedOut(seconds);
}

/**
 * A success: the counter it was counted under starts again (`keepCount`: not yet, the password step of
 * an MFA sign-in). Under the row's lock, so a lock set by a concurrent failure since the first check
 * still wins (429).
 */
export async function clearFailures(
  tx: EntityManager,
  counter: FailureCounter,
  opts: { keepCount?: boolean } = {},
): Promise<void> {
  const seconds = await secondsLocked(tx, counter, true);
  if (seconds > 0) throw lockedOut(seconds);
  if (opts.keepCount) return;
  if (counter.kind === 'email')
    await db(tx).deleteFrom('sign_in_failures').where('email', '=', counter.email).execute();
  else await db(tx).deleteFrom('sign_in_device_failures').where('device_id', '=', counter.deviceId).execute();
}

/** Ends an email's lock and count (a password reset, an administrator's activation), and with `userId` those of the user's devices. */
export async function forgetFailures(tx: EntityManager, email: string, userId?: string): Promise<void> {
  await db(tx).deleteFrom('sign_in_failures').where('email', '=', normaliseEmail(email)).execute();
  if (userId) await db(tx).deleteFrom('sign_in_device_failures').where('user_id', '=', userId).execute();
}

/** The new count and lock of a counter row after one more failure; a lock that has run out starts the count again. */
function nextCount(table: 'sign_in_failures' | 'sign_in_device_failures', threshold: number, minutes: number) {
  const lockedUntil = sql.ref<Date | null>(`${table}.locked_until`);
  const stale = sql<boolean>`${lockedUntil} is not null and ${lockedUntil} <= now()`;
  const next = sql<number>`case when ${stale} then 1 else ${sql.ref(`${table}.failures`)} + 1 end`;
  return {
    failures: next,
    locked_until: sql<Date | null>`case when ${next} >= ${threshold} and (${lockedUntil} is null or ${stale})
      then now() + make_interval(mins => ${minutes})
      when ${stale} then null else ${lockedUntil} end`,
    updated_at: sql<Date>`now()`,
  };
}

/**
 * Counts one failure under `counter` (concurrent failures all count, one after the other) and, at the
 * threshold, locks it with one `auth.lockout` audit entry. Returns the audit entries of what happened.
 * Touches no user row: a lockout is not a change to the account.
 */
export async function countFailure(
  deps: ServiceDeps,
  tx: EntityManager,
  counter: FailureCounter,
  userId: string | null,
): Promise<AuditInput[]> {
  const { threshold, minutes } = await lockoutPolicy(deps, tx);
  // The row first (every counter tried has one), then its lock: concurrent failures queue on it, each
  // sees what the one before it left, and only the failure that sets the lock reports it.
  if (counter.kind === 'email')
    await db(tx)
      .insertInto('sign_in_failures')
      .values({ email: counter.email })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  else
    await db(tx)
      .insertInto('sign_in_device_failures')
      .values({ device_id: counter.deviceId, user_id: counter.userId })
      .onConflict((oc) => oc.column('device_id').doNothing())
      .execute();
  const lockedBefore = (await secondsLocked(tx, counter, true)) > 0;
  const after = [
    sql<number>`failures`.as('failures'),
    sql<boolean>`coalesce(locked_until > now(), false)`.as('locked'),
  ];
  const { failures, locked } =
    counter.kind === 'email'
      ? await db(tx)
          .updateTable('sign_in_failures')
          .set(nextCount('sign_in_failures', threshold, minutes))
          .where('email', '=', counter.email)
          .returning(after)
          .executeTakeFirstOrThrow()
      : await db(tx)
          .updateTable('sign_in_device_failures')
          .set(nextCount('sign_in_device_failures', threshold, minutes))
          .where('device_id', '=', counter.deviceId)
          .returning(after)
          .executeTakeFirstOrThrow();
  const audit: AuditInput[] = [
    {
      action: 'auth.login_failed',
      subjectType: 'user',
      subjectId: userId,
      summary: {
        ...(userId ? {} : { reason: 'unknown_email' }),
        counter: counter.kind,
        consecutiveFailures: failures,
      },
    },
  ];
  if (locked && !lockedBefore)
    audit.push({
      action: 'auth.lockout',
      subjectType: 'user',
      subjectId: userId,
      summary: { counter: counter.kind, consecutiveFailures: failures, minutes },
    });
  return audit;
}
