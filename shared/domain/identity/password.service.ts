import { LockMode, raw } from '@mikro-orm/core';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import { UnauthenticatedError, ValidationError } from '../../errors/index.js';
import { uuidv7 } from '../../ids.js';
import { job } from '../../jobs/catalogue.js';
import type { Act, UserAct } from '../act.js';
import type { ServiceDeps } from '../deps.js';
import { User } from '../users/user.entity.js';
import { PasswordResetToken } from './credential.entities.js';
import { tokenHash } from './crypto.js';
import { assertPasswordAllowed, hashPassword, verifyPassword } from './passwords.js';
import { revokeSessions } from './sessions.js';

export const RESET_TOKEN_MINUTES = 30;

/**
 * Records a reset request and hands the mail to the worker (through the outbox). Answers the same
 * whether or not the email exists; the worker mints the token, so no credential sits in a queue.
 */
export async function requestPasswordReset(
  deps: ServiceDeps,
  act: Act,
  { email }: { email: string },
): Promise<{ status: 'accepted' }> {
  const accepted = { status: 'accepted' as const };
  return deps.uow.run(act, async (tx) => {
    const user = await db(tx)
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
      .where('status', '<>', 'archived')
      .executeTakeFirst();
    if (!user) return { result: accepted, audit: [] };
    const reset = tx.create(PasswordResetToken, { id: uuidv7(), user: user.id, purpose: 'reset' });
    return {
      result: accepted,
      audit: { action: 'auth.password_reset_requested', subjectType: 'user', subjectId: user.id },
      jobs: [job('mail.send', { kind: 'password_reset', resetId: reset.id })],
    };
  });
}

const badToken = () =>
  new ValidationError([{ field: 'token', message: 'is invalid, used or expired', constraint: 'valid' }]);

/** Sets a new password with a reset token: single use, 30 minutes; unlocks and ends every session. */
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
  assertPasswordAllowed(input.newPassword, candidate.email);
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
    Object.assign(user, {
      passwordHash: hash,
      passwordChangedAt: raw<Date>('now()'),
      failedLoginCount: 0,
      lockedUntil: null,
    });
    if (user.status === 'locked') user.status = 'active';
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

/** Changes the caller's own password; every other session ends, this one stays. */
export async function changePassword(
  deps: ServiceDeps,
  act: UserAct,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { caller } = act;
  const current = await deps.orm.em.fork().findOneOrFail(User, caller.userId, { populate: ['passwordHash'] });
  if (!(await verifyPassword(current.passwordHash ?? null, input.currentPassword))) {
    throw new UnauthenticatedError('INVALID_CREDENTIALS', 'The current password is incorrect');
  }
  assertPasswordAllowed(input.newPassword, current.email);
  if (input.newPassword === input.currentPassword) {
    throw new ValidationError([
      { field: 'newPassword', message: 'must differ from the current password', constraint: 'notCurrent' },
    ]);
  }
  const hash = await hashPassword(input.newPassword);
  await deps.uow.run(act, async (tx) => {
    // Locked before the sessions, in the order a suspension takes them.
    const user = await tx.findOneOrFail(User, caller.userId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    Object.assign(user, { passwordHash: hash, passwordChangedAt: raw<Date>('now()') });
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
