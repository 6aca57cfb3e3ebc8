import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { Act, UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { UnauthenticatedError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { produce } from '../../kernel/jobs.js';
import { emailOf, UserEntity as User } from '../users/index.js';
import { PasswordResetRequest, PasswordResetToken } from './credential.entities.js';
import { tokenHash } from './crypto.js';
import { SEND_MAIL } from './identity.jobs.js';
import {
  clearFailures,
  failureCounter,
  forgetFailures,
  normaliseEmail,
  recordFailedSignIn,
  refuseIfLocked,
} from './lockout.js';
import { assertPasswordAllowed, hashPassword, verifyPassword } from './passwords.js';
import { revokeSessions } from './sessions.js';

export const RESET_TOKEN_MINUTES = 30;
/**
 * Reset mails one user is sent within RESET_TOKEN_MINUTES at most: anyone can ask for them, so without
 * a cap per account a stranger (from as many addresses as they like) could flood a mailbox.
 */
export const RESET_MAILS_PER_WINDOW = 3;

/**
 * Records a reset request and hands it to the worker (through the outbox). The request does the same
 * work whatever the email (one row, one job, one audit entry naming the request, not a user), so
 * neither the answer nor its timing tells whether a user has it; the worker looks the user up, mints
 * the token and sends the mail, or does nothing for an unknown email.
 */
export async function requestPasswordReset(
  deps: ServiceDeps,
  act: Act,
  { email }: { email: string },
): Promise<{ status: 'accepted' }> {
  return deps.uow.run(act, async (tx) => {
    const id = uuidv7();
    tx.create(PasswordResetRequest, { id, email: normaliseEmail(email) });
    return {
      result: { status: 'accepted' as const },
      audit: { action: 'auth.password_reset_requested', subjectType: 'password_reset_request', subjectId: id },
      jobs: [produce(SEND_MAIL, { kind: 'password_reset_request', requestId: id })],
    };
  });
}

/**
 * The worker's half of a reset request: finds the user of the email (not archived), creates the reset
 * and records it on the request, once (a retried job finds the request handled and only resends).
 * Returns the reset to mail, or null when no user has the email or the user was already sent
 * RESET_MAILS_PER_WINDOW resets within the last RESET_TOKEN_MINUTES (then an audit entry says so; the
 * answer to the request was the same 202 either way). Concurrent jobs may each add one past the cap: it
 * bounds a flood, not the count to the unit.
 */
export async function resolvePasswordResetRequest(
  deps: ServiceDeps,
  act: Act,
  { requestId }: { requestId: string },
): Promise<string | null> {
  return deps.uow.run(act, async (tx) => {
    const request = await tx.findOne(PasswordResetRequest, requestId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!request) return { result: null, audit: [] };
    if (request.handledAt) return { result: request.resetId ?? null, audit: [] };
    const user = await db(tx)
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', request.email))
      .where('status', '<>', 'archived')
      .executeTakeFirst();
    request.handledAt = raw<Date>('now()') as unknown as Date;
    if (!user) return { result: null, audit: [] };
    const { recent } = await db(tx)
      .selectFrom('password_reset_tokens')
      .select((eb) => eb.fn.countAll<string>().as('recent'))
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'reset')
      .where('created_at', '>', sql<string>`now() - make_interval(mins => ${RESET_TOKEN_MINUTES})`)
      .executeTakeFirstOrThrow();
    if (Number(recent) >= RESET_MAILS_PER_WINDOW)
      return {
        result: null,
        audit: {
          action: 'auth.password_reset_throttled',
          subjectType: 'user',
          subjectId: user.id,
          summary: { requestId, recentResets: Number(recent), windowMinutes: RESET_TOKEN_MINUTES },
        },
      };
    const reset = tx.create(PasswordResetToken, { id: uuidv7(), user: user.id, purpose: 'reset' });
    request.resetId = reset.id;
    return {
      result: reset.id,
      audit: {
        action: 'auth.password_reset_created',
        subjectType: 'user',
        subjectId: user.id,
        summary: { requestId },
      },
    };
  });
}

/**
 * Ends every reset (and set-password) token of the user not yet used: once the password has been reset
 * or changed, a link mailed earlier (to a mailbox someone else may have read) no longer sets one.
 */
async function endOutstandingResets(tx: EntityManager, userId: string): Promise<void> {
  await db(tx)
    .updateTable('password_reset_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

const badToken = () =>
  new ValidationError([{ field: 'token', message: 'is invalid, used or expired', constraint: 'valid' }]);

/**
 * Sets a new password with a reset token: single use, 30 minutes; unlocks, and ends every session and
 * every other reset token of the user.
 */
export async function resetPassword(
  deps: ServiceDeps,
  act: Act,
  input: { token: string; newPassword: string },
): Promise<void> {
  const hashed = tokenHash(input.token);
  const candidate = await db(deps.orm.em)
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select('u.email')
    .where('t.token_hash', '=', hashed)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', sql<string>`now()`)
    .executeTakeFirst();
  if (!candidate) throw badToken();
  assertPasswordAllowed(input.newPassword, emailOf({ id: 'reset', email: candidate.email }));
  const hash = await hashPassword(input.newPassword);
  await deps.uow.run(act, async (tx) => {
    const token = await tx.findOne(
      PasswordResetToken,
      { tokenHash: hashed, usedAt: null, expiresAt: { $gt: raw('now()') } },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    // Spent by a concurrent request since the check above.
    if (!token) throw badToken();
    token.usedAt = raw<Date>('now()');
    // Locked before the sessions, in the order a suspension takes them.
    const user = await tx.findOneOrFail(User, token.user.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    await endOutstandingResets(tx, user.id);
    Object.assign(user, {
      passwordHash: hash,
      passwordChangedAt: raw<Date>('now()'),
      failedLoginCount: 0,
      lockedUntil: null,
    });
    if (user.status === 'locked') user.status = 'active';
    // The mailbox's owner: the email's lockout ends, and so do those of the user's own devices.
    await forgetFailures(tx, emailOf(user), user.id);
    const ended = await revokeSessions(tx, user.id, 'password_reset');
    return {
      result: undefined,
      audit: {
        action: 'user.password_reset',
        subjectType: 'user',
        subjectId: user.id,
        summary: { sessionsEnded: ended, status: user.status, purpose: token.purpose },
      },
    };
  });
}

/**
 * Changes the caller's own password; every other session and every reset token not yet used end, this
 * session stays. A wrong current password counts like a failed sign-in, under the device token's
 * counter when one of the caller's is sent, else the email's.
 */
export async function changePassword(
  deps: ServiceDeps,
  act: UserAct,
  input: { currentPassword: string; newPassword: string; deviceToken?: string },
): Promise<void> {
  const { caller } = act;
  const current = await deps.orm.em.fork().findOneOrFail(User, caller.userId, { populate: ['passwordHash'] });
  // Guessing the current password with a stolen token counts towards the lockout like a sign-in.
  const counter = failureCounter(deps, normaliseEmail(emailOf(current)), caller.userId, input.deviceToken);
  await refuseIfLocked(deps.orm.em, counter);
  if (!(await verifyPassword(current.passwordHash ?? null, input.currentPassword))) {
    return recordFailedSignIn(
      deps,
      act,
      counter,
      caller.userId,
      new UnauthenticatedError('INVALID_CREDENTIALS', 'The current password is incorrect'),
    );
  }
  assertPasswordAllowed(input.newPassword, emailOf(current));
  if (input.newPassword === input.currentPassword) {
    throw new ValidationError([
      { field: 'newPassword', message: 'must differ from the current password', constraint: 'notCurrent' },
    ]);
  }
  const hash = await hashPassword(input.newPassword);
  await deps.uow.run(act, async (tx) => {
    // Locked before the sessions, in the order a suspension takes them.
    const user = await tx.findOneOrFail(User, caller.userId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    // The right current password is a success: the email's count starts again, unless a concurrent
    // failure has locked it since the check above (then 429, and the password stays as it was).
    await clearFailures(tx, counter);
    Object.assign(user, { passwordHash: hash, passwordChangedAt: raw<Date>('now()'), failedLoginCount: 0 });
    await endOutstandingResets(tx, caller.userId);
    const ended = await revokeSessions(tx, caller.userId, 'password_change', caller.familyId);
    return {
      result: null,
      audit: {
        action: 'user.password_change',
        subjectType: 'user',
        subjectId: caller.userId,
        summary: { otherSessionsEnded: ended },
      },
    };
  });
}
