import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { AuditInput, WriteContext } from '../../db/unit-of-work.js';
import { RateLimitedError } from '../../errors/index.js';
import type { ServiceDeps } from '../deps.js';
import { operationalSetting } from '../operational-policies/settings.js';
import { USER_WORKFLOW } from '../users/user.workflow.js';
import { transition } from '../workflow.js';
import { callerChanged } from './caller-changes.js';

/**
 * Lockout without an oracle. Failed sign-ins (wrong password, wrong MFA code at sign-in, wrong current
 * password at change-password) are counted per normalised email, whether or not a user has it. At the
 * threshold the email is locked: every sign-in for it answers 429 before any password is checked,
 * alike for emails nobody has. A user with the email is also put in status `locked`, for the same time.
 */

/** An email as sign-in, lockout and recovery compare it. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

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
    message: 'Too many failed sign-ins for this email; try again later',
    details: { reason: 'too_many_failed_sign_ins' },
  });

/** Seconds left of the email's lock (0 when it is not locked); `forUpdate` in a transaction that will change the row. */
async function secondsLocked(em: EntityManager, email: string, forUpdate = false): Promise<number> {
  const row = await db(em)
    .selectFrom('sign_in_failures')
    .select(sql<number>`greatest(ceil(extract(epoch from locked_until - now())), 0)::int`.as('seconds'))
    .where('email', '=', email)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
  return row?.seconds ?? 0;
}

/**
 * A failed sign-in (or a wrong current password): counted against the email, committed, audited
 * (for an email nobody has too, which helps spot credential stuffing), and answered with `failure`.
 */
export async function recordFailedSignIn(
  deps: ServiceDeps,
  ctx: WriteContext,
  email: string,
  userId: string | null,
  failure: Error,
): Promise<never> {
  return deps.uow.run<never>(ctx, async (tx) => ({
    result: undefined as never,
    audit: await countFailure(deps, tx, email, userId),
    failure,
  }));
}

/** Refuses with 429 when the email is locked: called before any password or code is checked. */
export async function refuseIfLocked(em: EntityManager, email: string): Promise<void> {
  const seconds = await secondsLocked(em, email);
  if (seconds > 0) throw lockedOut(seconds);
}

/**
 * A success: the email's count starts again (`keepCount`: not yet, the password step of an MFA
 * sign-in). Under the row's lock, so a lock set by a concurrent failure since the first check still
 * wins (429). A caller with a user locks the user row first (see countFailure).
 */
export async function clearFailures(
  tx: EntityManager,
  email: string,
  opts: { keepCount?: boolean } = {},
): Promise<void> {
  const seconds = await secondsLocked(tx, email, true);
  if (seconds > 0) throw lockedOut(seconds);
  if (!opts.keepCount) await db(tx).deleteFrom('sign_in_failures').where('email', '=', email).execute();
}

/** Ends an email's lock and count (a password reset, an administrator's activation). */
export async function forgetFailures(tx: EntityManager, email: string): Promise<void> {
  await db(tx).deleteFrom('sign_in_failures').where('email', '=', normaliseEmail(email)).execute();
}

/**
 * Counts one failure of `email` in one statement (concurrent failures all count; a lock that has run
 * out starts the count again) and, at the threshold, locks the email and its user, if any. Returns
 * the audit entries of what happened.
 */
export async function countFailure(
  deps: ServiceDeps,
  tx: EntityManager,
  email: string,
  userId: string | null,
): Promise<AuditInput[]> {
  const { threshold, minutes } = await lockoutPolicy(deps, tx);
  // The user row first, then the email's: the order a reset or an activation takes them (they find the
  // email through the user), so a failure racing with them waits instead of deadlocking.
  const user = userId
    ? await db(tx)
        .selectFrom('users')
        .select(['status', sql<boolean>`coalesce(locked_until <= now(), false)`.as('lock_ran_out')])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow()
    : null;
  const stale = sql<boolean>`sign_in_failures.locked_until is not null and sign_in_failures.locked_until <= now()`;
  const next = sql<number>`case when ${stale} then 1 else sign_in_failures.failures + 1 end`;
  const { failures, locked } = await db(tx)
    .insertInto('sign_in_failures')
    .values({
      email,
      failures: 1,
      locked_until: 1 >= threshold ? sql<Date>`now() + make_interval(mins => ${minutes})` : null,
      updated_at: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        failures: next,
        locked_until: sql<Date>`case when ${next} >= ${threshold} and (sign_in_failures.locked_until is null or ${stale})
          then now() + make_interval(mins => ${minutes})
          when ${stale} then null else sign_in_failures.locked_until end`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning(['failures', sql<boolean>`coalesce(locked_until > now(), false)`.as('locked')])
    .executeTakeFirstOrThrow();
  const audit: AuditInput[] = [
    {
      action: 'auth.login_failed',
      subjectType: 'user',
      subjectId: userId,
      summary: userId ? { consecutiveFailures: failures } : { reason: 'unknown_email', consecutiveFailures: failures },
    },
  ];
  if (!userId || !user) return audit;
  // A lock of the user that has run out is an active account again.
  const current = user.status === 'locked' && user.lock_ran_out ? 'active' : user.status;
  const lockNow = locked && USER_WORKFLOW.steps.lock.from.includes(current);
  await db(tx)
    .updateTable('users')
    .set({
      failed_login_count: failures,
      ...(lockNow
        ? {
            status: transition(USER_WORKFLOW, 'lock', current),
            locked_until: sql<Date>`(select locked_until from sign_in_failures where email = ${email})`,
          }
        : {}),
    })
    .where('id', '=', userId)
    .execute();
  if (lockNow) {
    callerChanged(tx, userId);
    audit.push({
      action: USER_WORKFLOW.steps.lock.audit,
      subjectType: 'user',
      subjectId: userId,
      summary: { consecutiveFailures: failures },
    });
  }
  return audit;
}
