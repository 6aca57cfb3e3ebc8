import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, iso } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { AuditInput } from '../../db/unit-of-work.js';
import { ForbiddenError, InvalidTransitionError, NotFoundError, UnauthenticatedError } from '../../errors/index.js';
import type { Act, UserAct } from '../act.js';
import type { ServiceDeps } from '../deps.js';
import { loadUserView, toUserView, type UserView, userViews } from '../users/user.view.js';
import { USER_WORKFLOW } from '../users/user.workflow.js';
import { callerChanged } from './caller-changes.js';
import { MfaChallenge as MfaChallengeEntity } from './credential.entities.js';
import { randomToken, tokenHash } from './crypto.js';
import { clearFailures, countFailure, normaliseEmail, recordFailedSignIn, refuseIfLocked } from './lockout.js';
import { checkSecondFactor, lockForSecondFactor } from './mfa.service.js';
import { verifyPassword } from './passwords.js';
import { AuthSession, RotatedToken } from './session.entity.js';
import { openSession, revokeFamily, revokeSessions, type SessionMeta } from './sessions.js';

export const MFA_CHALLENGE_SECONDS = 300;
const MFA_CHALLENGE_ATTEMPTS = 5;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  familyId: string;
  user: UserView;
}
export interface MfaChallenge {
  mfaRequired: true;
  mfaToken: string;
  expiresIn: number;
}

const invalidCredentials = () => new UnauthenticatedError('INVALID_CREDENTIALS', 'The email or password is incorrect');
export const notActive = () => new ForbiddenError('The account is not active', undefined, 'ACCOUNT_NOT_ACTIVE');

/** Whether a lock has run out, by the database's clock (the one the views and every expiry check read). */
const lockRanOut = sql<boolean>`coalesce(locked_until <= now(), false)`;

/** The user row locked for sign-in bookkeeping, with what the checks need. */
const lockAccount = (tx: EntityManager, userId: string) =>
  db(tx)
    .selectFrom('users')
    .select(['status', 'failed_login_count', lockRanOut.as('lock_expired')])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();

/*
 * Sign-in bookkeeping (failure count, lock, last sign-in, see also mfa_last_step) is written with
 * Kysely, not through the User entity: an entity update would bump updated_at and version, and a
 * sign-in is not a change to the account.
 */

/**
 * Step one of sign-in. A locked-out email answers 429 before any password is checked, alike for
 * emails nobody has. Otherwise wrong email and wrong password answer alike, after the same argon2
 * work, and count towards the email's lockout; a success starts the count again.
 */
export async function login(
  deps: ServiceDeps,
  act: Act,
  input: { email: string; password: string; userAgent?: string },
): Promise<TokenPair | MfaChallenge> {
  const meta: SessionMeta = { userAgent: input.userAgent, ip: act.ip };
  const email = normaliseEmail(input.email);
  await refuseIfLocked(deps.orm.em, email);
  const user = await db(deps.orm.em)
    .selectFrom('users')
    .select(['id', 'status', 'password_hash', 'mfa_enabled', lockRanOut.as('lock_expired')])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !passwordOk)
    return recordFailedSignIn(
      deps,
      user ? { ...act, actor: user.id } : act,
      email,
      user?.id ?? null,
      invalidCredentials(),
    );
  if (user.status !== 'active' && !(user.status === 'locked' && user.lock_expired)) throw notActive();

  return deps.uow.run<TokenPair | MfaChallenge>({ ...act, actor: user.id }, async (tx) => {
    // Checked again under the row lock: a suspension (or a fresh lock) since the read above wins.
    const current = await lockAccount(tx, user.id);
    // A lock set by a concurrent failure since the check above wins. The count starts again only once
    // the sign-in is complete: with MFA, after the code (else each new challenge would give new tries).
    await clearFailures(tx, email, { keepCount: user.mfa_enabled });
    const lockLifted = current.status === 'locked' && current.lock_expired;
    if (current.status !== 'active' && !lockLifted) throw notActive();
    await db(tx)
      .updateTable('users')
      .set({
        failed_login_count: 0,
        status: 'active',
        locked_until: null,
        ...(user.mfa_enabled ? {} : { last_login_at: sql<Date>`now()` }),
      })
      .where('id', '=', user.id)
      .execute();
    const audit: AuditInput[] = lockLifted
      ? [
          {
            action: USER_WORKFLOW.steps.unlock.audit,
            subjectType: 'user',
            subjectId: user.id,
            summary: { reason: 'lockout expired' },
          },
        ]
      : [];
    if (user.mfa_enabled) {
      const mfaToken = randomToken();
      tx.create(MfaChallengeEntity, {
        tokenHash: tokenHash(mfaToken),
        user: user.id,
        expiresAt: new Date(Date.now() + MFA_CHALLENGE_SECONDS * 1000),
      });
      return {
        result: { mfaRequired: true as const, mfaToken, expiresIn: MFA_CHALLENGE_SECONDS },
        audit: [...audit, { action: 'auth.mfa_challenge', subjectType: 'user', subjectId: user.id }],
      };
    }
    const pair = await issueSession(deps, tx, user.id, meta);
    return {
      result: pair,
      audit: [
        ...audit,
        { action: 'auth.login', subjectType: 'user', subjectId: user.id, summary: { familyId: pair.familyId } },
      ],
    };
  });
}

/** Step two of sign-in with MFA: the single-use mfaToken and a current TOTP code or an unused recovery code. */
export async function completeMfaLogin(
  deps: ServiceDeps,
  act: Act,
  input: { mfaToken: string; code: string; userAgent?: string },
): Promise<TokenPair> {
  const meta: SessionMeta = { userAgent: input.userAgent, ip: act.ip };
  return deps.uow.run<TokenPair>(act, async (tx) => {
    const challenge = await tx.findOne(
      MfaChallengeEntity,
      { tokenHash: tokenHash(input.mfaToken), usedAt: null, expiresAt: { $gt: raw('now()') } },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!challenge || challenge.failedAttempts >= MFA_CHALLENGE_ATTEMPTS) {
      throw new UnauthenticatedError('INVALID_CREDENTIALS', 'The MFA token is invalid, used or expired; sign in again');
    }
    const user = await lockForSecondFactor(tx, challenge.user.id);
    const email = normaliseEmail(user.email);
    // A locked-out email: 429 before the code is checked, as at step one.
    await refuseIfLocked(tx, email);
    const factor = await checkSecondFactor(deps, tx, user, input.code);
    if (!factor) {
      // The failed attempt is committed (five kill the challenge, each counts towards the email's
      // lockout, so new challenges do not give new tries); the request still answers 401.
      challenge.failedAttempts++;
      return {
        result: undefined as never,
        audit: [
          { action: 'auth.mfa_failed', subjectType: 'user', subjectId: user.id },
          ...(await countFailure(deps, tx, email, user.id)),
        ],
        failure: new UnauthenticatedError('INVALID_MFA_CODE', 'The code is not valid'),
      };
    }
    await clearFailures(tx, email);
    if (user.status !== 'active') throw notActive();
    challenge.usedAt = raw<Date>('now()');
    await db(tx).updateTable('users').set({ last_login_at: sql<Date>`now()` }).where('id', '=', user.id).execute();
    const pair = await issueSession(deps, tx, user.id, meta);
    return {
      result: pair,
      audit: {
        action: 'auth.login',
        subjectType: 'user',
        subjectId: user.id,
        summary: { familyId: pair.familyId, secondFactor: factor },
      },
    };
  });
}

async function issueSession(
  deps: ServiceDeps,
  tx: EntityManager,
  userId: string,
  meta: SessionMeta,
): Promise<TokenPair> {
  const { familyId, refreshToken } = openSession(tx, userId, deps.config.REFRESH_TOKEN_TTL, meta);
  const user = (await loadUserView(tx, userId))!;
  return {
    accessToken: deps.accessTokens.issue(userId, familyId),
    refreshToken,
    tokenType: 'Bearer',
    expiresIn: deps.config.ACCESS_TOKEN_TTL,
    familyId,
    user,
  };
}

/**
 * Rotates a refresh token: the presented one stops working and a new pair is issued. Presenting a
 * token that was already rotated revokes the whole family (it has leaked) and answers 401.
 */
export async function refresh(
  deps: ServiceDeps,
  act: Act,
  { refreshToken }: { refreshToken: string },
): Promise<TokenPair> {
  const hash = tokenHash(refreshToken);
  const invalid = () =>
    new UnauthenticatedError(
      'INVALID_REFRESH_TOKEN',
      'The refresh token is invalid, expired or revoked; sign in again',
    );
  return deps.uow.run<TokenPair>(act, async (tx) => {
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
      const pair: TokenPair = {
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

export interface SessionView {
  familyId: string;
  current: boolean;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  userAgent: string | null;
  ip: string | null;
}

export async function listSessions(deps: ServiceDeps, { caller }: UserAct): Promise<SessionView[]> {
  const rows = await db(deps.orm.em)
    .selectFrom('auth_sessions')
    .select(['family_id', 'created_at', 'last_used_at', 'expires_at', 'user_agent', 'ip'])
    .where('user_id', '=', caller.userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<string>`now()`)
    .orderBy('last_used_at', 'desc')
    .execute();
  return rows.map((r) => ({
    familyId: r.family_id,
    current: r.family_id === caller.familyId,
    createdAt: iso(r.created_at),
    lastUsedAt: iso(r.last_used_at),
    expiresAt: iso(r.expires_at),
    userAgent: r.user_agent,
    ip: r.ip,
  }));
}

/** Revokes another device's session; the current one is ended with logout instead. */
export async function revokeSession(
  deps: ServiceDeps,
  act: UserAct,
  { familyId }: { familyId: string },
): Promise<void> {
  const { caller } = act;
  if (familyId === caller.familyId)
    throw new InvalidTransitionError('current', 'revoke', ['other sessions'], 'session');
  await deps.uow.run(act, async (tx) => {
    const session = await tx.findOne(
      AuthSession,
      { familyId, user: caller.userId, revokedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!session) throw new NotFoundError('No such session');
    Object.assign(session, { revokedAt: raw<Date>('now()'), revokedReason: 'revoked_by_user' });
    callerChanged(tx, caller.userId);
    return { result: undefined, audit: { action: 'auth.session_revoke', subjectType: 'session', subjectId: familyId } };
  });
}

const ownViewQuery = preparedQuery((em, p: { id: string }) => userViews(em).where('u.id', '=', p.id));

export async function me(deps: ServiceDeps, { caller }: UserAct): Promise<UserView & { permissions: string[] }> {
  const [row] = await ownViewQuery(deps.orm.em, { id: caller.userId });
  if (!row) throw new NotFoundError();
  const user = toUserView(row);
  // Already resolved for this request from the user's roles; no second query.
  return { ...user, permissions: [...caller.permissions].sort() };
}
