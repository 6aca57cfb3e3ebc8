import type { WriteContext } from '../../db/unit-of-work.js';
import { UnauthenticatedError, ValidationError } from '../../errors/index.js';
import { uuidv7 } from '../../ids.js';
import { JOBS } from '../../queues/names.js';
import type { Caller } from '../access/caller.js';
import type { ServiceDeps } from '../deps.js';
import { tokenHash } from './crypto.js';
import { assertPasswordAllowed, hashPassword, verifyPassword } from './passwords.js';
import { revokeSessions } from './sessions.js';

export const RESET_TOKEN_MINUTES = 30;

/**
 * Records a reset request and hands the mail to the worker (through the outbox). Answers the same
 * whether or not the email exists; the worker mints the token, so no credential sits in a queue.
 */
export async function requestPasswordReset(deps: ServiceDeps, ctx: WriteContext, email: string): Promise<{ status: 'accepted' }> {
  const accepted = { status: 'accepted' as const };
  return deps.uow.run(ctx, async (tx) => {
    const [user] = await tx.execute<{ id: string }[]>(`select id from users where lower(email) = lower(?) and status <> 'archived'`, [email]);
    if (!user) return { result: accepted, audit: [] };
    const resetId = uuidv7();
    await tx.execute(`insert into password_reset_tokens (id, user_id, purpose) values (?, ?, 'reset')`, [resetId, user.id]);
    return {
      result: accepted,
      audit: { action: 'auth.password_reset_requested', subjectType: 'user', subjectId: user.id },
      jobs: [{ queue: 'mail', name: JOBS.mail.send, payload: { kind: 'password_reset', resetId } }],
    };
  });
}

const badToken = () => new ValidationError([{ field: 'body.token', message: 'is invalid, used or expired', constraint: 'valid' }]);

/** Sets a new password with a reset token: single use, 30 minutes; unlocks and ends every session. */
export async function resetPassword(deps: ServiceDeps, ctx: WriteContext, input: { token: string; newPassword: string }): Promise<void> {
  const [candidate] = await deps.orm.em.fork().execute<{ email: string }[]>(
    `select u.email from password_reset_tokens t join users u on u.id = t.user_id where t.token_hash = ? and t.used_at is null and t.expires_at > now()`,
    [tokenHash(input.token)],
  );
  if (!candidate) throw badToken();
  assertPasswordAllowed(input.newPassword, candidate.email);
  const hash = await hashPassword(input.newPassword);
  await deps.uow.run(ctx, async (tx) => {
    const [token] = await tx.execute<{ id: string; user_id: string; purpose: string }[]>(
      `update password_reset_tokens set used_at = now() where token_hash = ? and used_at is null and expires_at > now() returning id, user_id, purpose`,
      [tokenHash(input.token)],
    );
    // Spent by a concurrent request since the check above.
    if (!token) throw badToken();
    const [user] = await tx.execute<{ status: string }[]>(
      `update users set password_hash = ?, password_changed_at = now(), failed_login_count = 0, locked_until = null,
              status = case when status = 'locked' then 'active' else status end, updated_at = now(), version = version + 1
        where id = ? returning status`,
      [hash, token.user_id],
    );
    const ended = await revokeSessions(tx, token.user_id, 'password_reset');
    return {
      result: undefined,
      audit: { action: 'user.password_reset', subjectType: 'user', subjectId: token.user_id, summary: { sessionsEnded: ended, status: user.status, purpose: token.purpose } },
    };
  });
}

/** Changes the caller's own password; every other session ends, this one stays. */
export async function changePassword(deps: ServiceDeps, ctx: WriteContext, caller: Caller, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const [user] = await deps.orm.em.fork().execute<{ email: string; password_hash: string | null }[]>(`select email, password_hash from users where id = ?`, [caller.userId]);
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new UnauthenticatedError('INVALID_CREDENTIALS', 'The current password is incorrect');
  }
  assertPasswordAllowed(input.newPassword, user.email);
  if (input.newPassword === input.currentPassword) {
    throw new ValidationError([{ field: 'body.newPassword', message: 'must differ from the current password', constraint: 'notCurrent' }]);
  }
  const hash = await hashPassword(input.newPassword);
  await deps.uow.run(ctx, async (tx) => {
    await tx.execute(`update users set password_hash = ?, password_changed_at = now(), updated_at = now(), version = version + 1 where id = ?`, [hash, caller.userId]);
    const ended = await revokeSessions(tx, caller.userId, 'password_change', caller.familyId);
    return { result: null, audit: { action: 'user.password_change', subjectType: 'user', subjectId: caller.userId, summary: { otherSessionsEnded: ended } } };
  });
}
