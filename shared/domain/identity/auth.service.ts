import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { Act, UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../../kernel/errors.js';
import type { AuditInput } from '../../kernel/unit-of-work.js';
import { loadUserView, toUserView, USER_WORKFLOW, userViews } from '../users/index.js';
import type { CurrentUserView, TokenPairView } from './auth.schemas.js';
import { randomToken, tokenHash } from './crypto.js';
import { AuthSession, RotatedToken } from './session.entity.js';
import { revokeFamily, revokeSessions } from './sessions.js';

export const notActive = () => new ForbiddenError('The account is not active', undefined, 'ACCOUNT_NOT_ACTIVE');

/** Whether a lock has run out, by the database's clock (the one the views and every expiry check read). */
export const lockRanOut = sql<boolean>`coalesce(locked_until <= now(), false)`;

/** The user row locked for sign-in bookkeeping, with what the checks need. */
export const lockAccount = (tx: EntityManager, userId: string) =>
  db(tx)
    .selectFrom('users')
    .select(['status', 'failed_login_count', lockRanOut.as('lock_expired')])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();

/**
 * Rotates a refresh token: the presented one stops working and a new pair is issued. Presenting a
 * token that was already rotated revokes the whole family (it has leaked) and answers 401.
 */
export async function refresh(
  deps: ServiceDeps,
  act: Act,
  { refreshToken }: { refreshToken: string },
): Promise<TokenPairView> {
  const hash = tokenHash(refreshToken);
  const invalid = () =>
    new UnauthenticatedError(
      'INVALID_REFRESH_TOKEN',
      'The refresh token is invalid, expired or revoked; sign in again',
    );
  return deps.uow.run<TokenPairView>(act, async (tx) => {
    // Lifting an expired lock writes the user row: lock it before the session row, in the order a
    // suspension takes them (user, then sessions), so the two can never deadlock.
    const peek = await db(tx)
      .selectFrom('auth_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.user_id', 'u.status', lockRanOut.as('lock_expired')])
      .where('s.refresh_hash', '=', hash)
      .executeTakeFirst();
    if (peek?.status === 'locked' && peek.lock_expired) await lockAccount(tx, peek.user_id);
    // Only a live family: a revoked or expired one answers 401 like an unknown token (its current hash was never rotated).
    const session = await tx.findOne(
      AuthSession,
      {
        refreshHash: hash,
        revokedAt: null,
        expiresAt: { $gt: raw('now()') },
        absoluteExpiresAt: { $gt: raw('now()') },
      },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (session) {
      const userId = session.user.id;
      const account = await db(tx)
        .selectFrom('users')
        .select(['status', lockRanOut.as('lock_expired')])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      // A lock that has run out is lifted here as at sign-in: the account is active again by itself.
      const lockLifted = account.status === 'locked' && account.lock_expired;
      if (account.status !== 'active' && !lockLifted) throw invalid();
      const unlocked = lockLifted
        ? await db(tx)
            .updateTable('users')
            .set({ status: 'active', locked_until: null, failed_login_count: 0 })
            .where('id', '=', userId)
            .where('status', '=', 'locked')
            .where('locked_until', '<=', sql<string>`now()`)
            .returning('id')
            .execute()
        : [];
      const next = randomToken();
      tx.create(RotatedToken, { tokenHash: hash, family: session });
      Object.assign(session, {
        refreshHash: tokenHash(next),
        lastUsedAt: raw<Date>('now()'),
        expiresAt: raw<Date>('least(now() + make_interval(secs => ?), absolute_expires_at)', [
          deps.config.REFRESH_TOKEN_TTL,
        ]),
      });
      const user = (await loadUserView(tx, userId))!;
      const pair: TokenPairView = {
        accessToken: deps.accessTokens.issue(userId, session.familyId),
        refreshToken: next,
        tokenType: 'Bearer',
        expiresIn: deps.config.ACCESS_TOKEN_TTL,
        familyId: session.familyId,
        user,
      };
      const audit: AuditInput[] = unlocked.length
        ? [
            {
              action: USER_WORKFLOW.steps.unlock.audit,
              subjectType: 'user',
              subjectId: userId,
              summary: { reason: 'lockout expired' },
            },
          ]
        : [];
      return {
        result: pair,
        audit: [...audit, { action: 'auth.refresh', subjectType: 'session', subjectId: session.familyId }],
      };
    }
    const rotated = await db(tx)
      .selectFrom('auth_rotated_tokens as r')
      .innerJoin('auth_sessions as s', 's.family_id', 'r.family_id')
      .select(['r.family_id', 's.user_id'])
      .where('r.token_hash', '=', hash)
      .executeTakeFirst();
    if (!rotated) throw invalid();
    // Reuse of a rotated token: the family is revoked (committed) and the request answers 401.
    const revoked = await revokeFamily(tx, rotated.family_id, 'refresh_token_reuse');
    return {
      result: undefined as never,
      audit: revoked
        ? {
            action: 'auth.refresh_reuse_detected',
            subjectType: 'session',
            subjectId: rotated.family_id,
            summary: { userId: rotated.user_id },
          }
        : [],
      failure: invalid(),
    };
  });
}

/** Ends the family of the presented refresh token; it must be one of the caller's. */
export async function logout(
  deps: ServiceDeps,
  act: UserAct,
  { refreshToken }: { refreshToken: string },
): Promise<void> {
  const { caller } = act;
  const hash = tokenHash(refreshToken);
  await deps.uow.run(act, async (tx) => {
    const family = await db(tx)
      .selectFrom('auth_sessions')
      .select('family_id')
      .where('user_id', '=', caller.userId)
      .where((eb) =>
        eb.or([
          eb('refresh_hash', '=', hash),
          eb(
            'family_id',
            'in',
            eb.selectFrom('auth_rotated_tokens').select('family_id').where('token_hash', '=', hash),
          ),
        ]),
      )
      .executeTakeFirst();
    // Thrown inside the unit of work, so an Idempotency-Key is released rather than completed with a 204.
    if (!family)
      throw new UnauthenticatedError('INVALID_REFRESH_TOKEN', 'The refresh token is not one of your sessions');
    await revokeFamily(tx, family.family_id, 'logout');
    return { result: undefined, audit: { action: 'auth.logout', subjectType: 'session', subjectId: family.family_id } };
  });
}

export async function logoutAll(deps: ServiceDeps, act: UserAct): Promise<void> {
  const { caller } = act;
  await deps.uow.run(act, async (tx) => {
    const count = await revokeSessions(tx, caller.userId, 'logout_all');
    return {
      result: null,
      audit: {
        action: 'auth.logout_all',
        subjectType: 'user',
        subjectId: caller.userId,
        summary: { sessionsEnded: count },
      },
    };
  });
}

const ownViewQuery = preparedQuery((em, p: { id: string }) => userViews(em).where('u.id', '=', p.id));

export async function me(deps: ServiceDeps, { caller }: UserAct): Promise<CurrentUserView> {
  const [row] = await ownViewQuery(deps.orm.em, { id: caller.userId });
  if (!row) throw new NotFoundError();
  const user = toUserView(row);
  // Already resolved for this request from the user's roles; no second query.
  return { ...user, permissions: [...caller.permissions].sort() };
}
