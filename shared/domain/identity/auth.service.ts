import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditInput, WriteContext } from '../../db/unit-of-work.js';
import { ForbiddenError, InvalidTransitionError, NotFoundError, UnauthenticatedError } from '../../errors/index.js';
import type { Caller } from '../access/caller.js';
import type { ServiceDeps } from '../deps.js';
import { loadUserView, type UserView } from '../users/user.view.js';
import { randomToken, tokenHash } from './crypto.js';
import { checkSecondFactor } from './mfa.service.js';
import { verifyPassword } from './passwords.js';
import { openSession, revokeFamily, revokeSessions, type SessionMeta } from './sessions.js';

export const MFA_CHALLENGE_SECONDS = 300;
const MFA_CHALLENGE_ATTEMPTS = 5;

export interface TokenPair { accessToken: string; refreshToken: string; tokenType: 'Bearer'; expiresIn: number; familyId: string; user: UserView }
export interface MfaChallenge { mfaRequired: true; mfaToken: string; expiresIn: number }

const invalidCredentials = () => new UnauthenticatedError('INVALID_CREDENTIALS', 'The email or password is incorrect');
export const notActive = () => new ForbiddenError('The account is not active', undefined, 'ACCOUNT_NOT_ACTIVE');

interface CredentialRow { id: string; email: string; status: string; password_hash: string | null; mfa_enabled: boolean; lock_expired: boolean }

/**
 * Step one of sign-in. Wrong email and wrong password answer alike, after the same argon2 work.
 * Consecutive failures lock an active account; a lock that has run out lifts at the next attempt.
 */
export async function login(deps: ServiceDeps, ctx: WriteContext, input: { email: string; password: string }, meta: SessionMeta): Promise<TokenPair | MfaChallenge> {
  const em = deps.orm.em.fork();
  const [user] = await em.execute<CredentialRow[]>(
    `select id, email, status, password_hash, mfa_enabled, coalesce(locked_until <= now(), false) as lock_expired from users where lower(email) = lower(?)`,
    [input.email],
  );
  const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user) return recordUnknownLogin(deps, ctx);
  if (!passwordOk) {
    return recordFailedLogin(deps, { ...ctx, actor: user.id }, user.id);
  }
  if (user.status !== 'active' && !(user.status === 'locked' && user.lock_expired)) throw notActive();

  return deps.uow.run<TokenPair | MfaChallenge>({ ...ctx, actor: user.id }, async (tx) => {
    // Checked again under the row lock: a suspension (or a fresh lock) since the read above wins.
    const [current] = await tx.execute<{ status: string; lock_expired: boolean }[]>(
      `select status, coalesce(locked_until <= now(), false) as lock_expired from users where id = ? for update`, [user.id],
    );
    const lockLifted = current.status === 'locked' && current.lock_expired;
    if (current.status !== 'active' && !lockLifted) throw notActive();
    await tx.execute(
      `update users set failed_login_count = 0, status = case when status = 'locked' then 'active' else status end, locked_until = null,
              last_login_at = case when ? then last_login_at else now() end where id = ?`,
      [user.mfa_enabled, user.id],
    );
    const audit: AuditInput[] = lockLifted ? [{ action: 'user.unlock', subjectType: 'user', subjectId: user.id, summary: { reason: 'lockout expired' } }] : [];
    if (user.mfa_enabled) {
      const mfaToken = randomToken();
      await tx.execute(`insert into mfa_challenges (token_hash, user_id, expires_at) values (?, ?, now() + make_interval(secs => ?))`, [tokenHash(mfaToken), user.id, MFA_CHALLENGE_SECONDS]);
      return { result: { mfaRequired: true as const, mfaToken, expiresIn: MFA_CHALLENGE_SECONDS }, audit: [...audit, { action: 'auth.mfa_challenge', subjectType: 'user', subjectId: user.id }] };
    }
    const pair = await issueSession(deps, tx, user.id, meta);
    return { result: pair, audit: [...audit, { action: 'auth.login', subjectType: 'user', subjectId: user.id, summary: { familyId: pair.familyId } }] };
  });
}

/**
 * A sign-in for an email no user has: audited like any failed sign-in (useful to spot credential
 * stuffing), and one transaction like a wrong password costs, so timing tells the two apart no better.
 */
async function recordUnknownLogin(deps: ServiceDeps, ctx: WriteContext): Promise<never> {
  return deps.uow.run<never>(ctx, async () => ({
    result: undefined as never,
    audit: { action: 'auth.login_failed', subjectType: 'user', subjectId: null, summary: { reason: 'unknown_email' } },
    failure: invalidCredentials(),
  }));
}

async function recordFailedLogin(deps: ServiceDeps, ctx: WriteContext, userId: string): Promise<never> {
  const { LOCKOUT_THRESHOLD: threshold, LOCKOUT_MINUTES: minutes } = deps.config;
  return deps.uow.run<never>(ctx, async (tx) => {
    // The row is locked while counting: concurrent failures all count, and the lock is set exactly at the threshold.
    const [user] = await tx.execute<{ status: string; failed_login_count: number; lock_expired: boolean }[]>(
      `select status, failed_login_count, coalesce(locked_until <= now(), false) as lock_expired from users where id = ? for update`, [userId],
    );
    // A lock that has run out is an active account again: counting starts afresh and can lock it again.
    const lockExpired = user.status === 'locked' && user.lock_expired;
    const failures = (lockExpired ? 0 : user.failed_login_count) + 1;
    const lockNow = (user.status === 'active' || lockExpired) && failures >= threshold;
    const status = lockNow ? 'locked' : lockExpired ? 'active' : user.status;
    await tx.execute(
      `update users set failed_login_count = ?, status = ?,
              locked_until = case when ? then now() + make_interval(mins => ?) when ? then null else locked_until end
        where id = ?`,
      [failures, status, lockNow, minutes, lockExpired, userId],
    );
    const audit: AuditInput[] = [];
    if (lockExpired) audit.push({ action: 'user.unlock', subjectType: 'user', subjectId: userId, summary: { reason: 'lockout expired' } });
    audit.push({ action: 'auth.login_failed', subjectType: 'user', subjectId: userId, summary: { consecutiveFailures: failures } });
    if (lockNow) audit.push({ action: 'user.lock', subjectType: 'user', subjectId: userId, summary: { consecutiveFailures: failures } });
    // The count is committed; the request answers 401 all the same.
    return { result: undefined as never, audit, failure: invalidCredentials() };
  });
}

/** Step two of sign-in with MFA: the single-use mfaToken and a current TOTP code or an unused recovery code. */
export async function completeMfaLogin(deps: ServiceDeps, ctx: WriteContext, input: { mfaToken: string; code: string }, meta: SessionMeta): Promise<TokenPair> {
  return deps.uow.run<TokenPair>(ctx, async (tx) => {
    const [challenge] = await tx.execute<{ user_id: string; failed_attempts: number; status: string }[]>(
      `select c.user_id, c.failed_attempts, u.status from mfa_challenges c join users u on u.id = c.user_id
        where c.token_hash = ? and c.used_at is null and c.expires_at > now() for update of c`,
      [tokenHash(input.mfaToken)],
    );
    if (!challenge || challenge.failed_attempts >= MFA_CHALLENGE_ATTEMPTS) {
      throw new UnauthenticatedError('INVALID_CREDENTIALS', 'The MFA token is invalid, used or expired; sign in again');
    }
    const factor = await checkSecondFactor(deps, tx, challenge.user_id, input.code);
    if (!factor) {
      // The failed attempt is committed (five kill the challenge); the request still answers 401.
      await tx.execute(`update mfa_challenges set failed_attempts = failed_attempts + 1 where token_hash = ?`, [tokenHash(input.mfaToken)]);
      return {
        result: undefined as never,
        audit: { action: 'auth.mfa_failed', subjectType: 'user', subjectId: challenge.user_id },
        failure: new UnauthenticatedError('INVALID_MFA_CODE', 'The code is not valid'),
      };
    }
    if (challenge.status !== 'active') throw notActive();
    await tx.execute(`update mfa_challenges set used_at = now() where token_hash = ?`, [tokenHash(input.mfaToken)]);
    await tx.execute(`update users set last_login_at = now() where id = ?`, [challenge.user_id]);
    const pair = await issueSession(deps, tx, challenge.user_id, meta);
    return {
      result: pair,
      audit: { action: 'auth.login', subjectType: 'user', subjectId: challenge.user_id, summary: { familyId: pair.familyId, secondFactor: factor } },
    };
  });
}

async function issueSession(deps: ServiceDeps, tx: EntityManager, userId: string, meta: SessionMeta): Promise<TokenPair> {
  const { familyId, refreshToken } = await openSession(tx, userId, deps.config.REFRESH_TOKEN_TTL, meta);
  const user = (await loadUserView(tx, userId))!;
  return { accessToken: deps.accessTokens.issue(userId, familyId), refreshToken, tokenType: 'Bearer', expiresIn: deps.config.ACCESS_TOKEN_TTL, familyId, user };
}

/**
 * Rotates a refresh token: the presented one stops working and a new pair is issued. Presenting a
 * token that was already rotated revokes the whole family (it has leaked) and answers 401.
 */
export async function refresh(deps: ServiceDeps, ctx: WriteContext, refreshToken: string): Promise<TokenPair> {
  const hash = tokenHash(refreshToken);
  const invalid = () => new UnauthenticatedError('INVALID_REFRESH_TOKEN', 'The refresh token is invalid, expired or revoked; sign in again');
  return deps.uow.run<TokenPair>(ctx, async (tx) => {
    // Lifting an expired lock writes the user row: lock it before the session row, in the order a
    // suspension takes them (user, then sessions), so the two can never deadlock.
    const [peek] = await tx.execute<{ user_id: string; lock_expired: boolean }[]>(
      `select s.user_id, (u.status = 'locked' and coalesce(u.locked_until <= now(), false)) as lock_expired
         from auth_sessions s join users u on u.id = s.user_id where s.refresh_hash = ?`,
      [hash],
    );
    if (peek?.lock_expired) await tx.execute(`select 1 from users where id = ? for update`, [peek.user_id]);
    const [session] = await tx.execute<{ family_id: string; user_id: string; live: boolean; status: string; lock_expired: boolean }[]>(
      `select s.family_id, s.user_id, u.status, coalesce(u.locked_until <= now(), false) as lock_expired,
              (s.revoked_at is null and s.expires_at > now() and s.absolute_expires_at > now()) as live
         from auth_sessions s join users u on u.id = s.user_id where s.refresh_hash = ? for update of s`,
      [hash],
    );
    if (session) {
      // A lock that has run out is lifted here as at sign-in: the account is active again by itself.
      const lockLifted = session.status === 'locked' && session.lock_expired;
      if (!session.live || (session.status !== 'active' && !lockLifted)) throw invalid();
      const unlocked = lockLifted ? await tx.execute(
        `update users set status = 'active', locked_until = null, failed_login_count = 0 where id = ? and status = 'locked' and locked_until <= now() returning id`,
        [session.user_id],
      ) : [];
      const next = randomToken();
      await tx.execute(`insert into auth_rotated_tokens (token_hash, family_id) values (?, ?)`, [hash, session.family_id]);
      await tx.execute(
        `update auth_sessions set refresh_hash = ?, last_used_at = now(),
                expires_at = least(now() + make_interval(secs => ?), absolute_expires_at) where family_id = ?`,
        [tokenHash(next), deps.config.REFRESH_TOKEN_TTL, session.family_id],
      );
      const user = (await loadUserView(tx, session.user_id))!;
      const pair: TokenPair = {
        accessToken: deps.accessTokens.issue(session.user_id, session.family_id), refreshToken: next, tokenType: 'Bearer',
        expiresIn: deps.config.ACCESS_TOKEN_TTL, familyId: session.family_id, user,
      };
      const audit: AuditInput[] = unlocked.length ? [{ action: 'user.unlock', subjectType: 'user', subjectId: session.user_id, summary: { reason: 'lockout expired' } }] : [];
      return { result: pair, audit: [...audit, { action: 'auth.refresh', subjectType: 'session', subjectId: session.family_id }] };
    }
    const [rotated] = await tx.execute<{ family_id: string; user_id: string }[]>(
      `select r.family_id, s.user_id from auth_rotated_tokens r join auth_sessions s on s.family_id = r.family_id where r.token_hash = ?`,
      [hash],
    );
    if (!rotated) throw invalid();
    // Reuse of a rotated token: the family is revoked (committed) and the request answers 401.
    const revoked = await revokeFamily(tx, rotated.family_id, 'refresh_token_reuse');
    return {
      result: undefined as never,
      audit: revoked ? { action: 'auth.refresh_reuse_detected', subjectType: 'session', subjectId: rotated.family_id, summary: { userId: rotated.user_id } } : [],
      failure: invalid(),
    };
  });
}

/** Ends the family of the presented refresh token; it must be one of the caller's. */
export async function logout(deps: ServiceDeps, ctx: WriteContext, caller: Caller, refreshToken: string): Promise<void> {
  const hash = tokenHash(refreshToken);
  await deps.uow.run(ctx, async (tx) => {
    const [family] = await tx.execute<{ family_id: string }[]>(
      `select family_id from auth_sessions where user_id = ? and (refresh_hash = ? or family_id in (select family_id from auth_rotated_tokens where token_hash = ?))`,
      [caller.userId, hash, hash],
    );
    // Thrown inside the unit of work, so an Idempotency-Key is released rather than completed with a 204.
    if (!family) throw new UnauthenticatedError('INVALID_REFRESH_TOKEN', 'The refresh token is not one of your sessions');
    await revokeFamily(tx, family.family_id, 'logout');
    return { result: undefined, audit: { action: 'auth.logout', subjectType: 'session', subjectId: family.family_id } };
  });
}

export async function logoutAll(deps: ServiceDeps, ctx: WriteContext, caller: Caller): Promise<void> {
  await deps.uow.run(ctx, async (tx) => {
    const count = await revokeSessions(tx, caller.userId, 'logout_all');
    return { result: null, audit: { action: 'auth.logout_all', subjectType: 'user', subjectId: caller.userId, summary: { sessionsEnded: count } } };
  });
}

export interface SessionView { familyId: string; current: boolean; createdAt: string; lastUsedAt: string; expiresAt: string; userAgent: string | null; ip: string | null }

export async function listSessions(deps: ServiceDeps, caller: Caller): Promise<SessionView[]> {
  const rows = await deps.orm.em.fork().execute<Record<string, string | null>[]>(
    `select family_id, created_at, last_used_at, expires_at, user_agent, ip from auth_sessions
      where user_id = ? and revoked_at is null and expires_at > now() order by last_used_at desc`,
    [caller.userId],
  );
  return rows.map((r) => ({
    familyId: r.family_id!, current: r.family_id === caller.familyId, createdAt: new Date(r.created_at!).toISOString(),
    lastUsedAt: new Date(r.last_used_at!).toISOString(), expiresAt: new Date(r.expires_at!).toISOString(), userAgent: r.user_agent, ip: r.ip,
  }));
}

/** Revokes another device's session; the current one is ended with logout instead. */
export async function revokeSession(deps: ServiceDeps, ctx: WriteContext, caller: Caller, familyId: string): Promise<void> {
  if (familyId === caller.familyId) throw new InvalidTransitionError('current', 'revoke', ['other sessions'], 'session');
  await deps.uow.run(ctx, async (tx) => {
    const [row] = await tx.execute<{ family_id: string }[]>(
      `select family_id from auth_sessions where family_id = ? and user_id = ? and revoked_at is null for update`, [familyId, caller.userId],
    );
    if (!row) throw new NotFoundError('No such session');
    await revokeFamily(tx, familyId, 'revoked_by_user');
    return { result: undefined, audit: { action: 'auth.session_revoke', subjectType: 'session', subjectId: familyId } };
  });
}

export async function me(deps: ServiceDeps, caller: Caller): Promise<UserView & { permissions: string[] }> {
  const user = await loadUserView(deps.orm.em.fork(), caller.userId);
  if (!user) throw new NotFoundError();
  // Already resolved for this request from the user's roles; no second query.
  return { ...user, permissions: [...caller.permissions].sort() };
}

