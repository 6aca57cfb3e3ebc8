import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, iso } from '../../db/database.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { InvalidTransitionError, NotFoundError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { callerChanged } from '../access/index.js';
import { randomToken, tokenHash } from './crypto.js';
import { AuthSession } from './session.entity.js';
import type { SessionView } from './session.schemas.js';

export const ABSOLUTE_SESSION_DAYS = 90;

export interface SessionMeta {
  userAgent?: string;
  ip?: string;
}

/** Starts a family (one login on one device) and returns its first refresh token; inserted when the unit of work flushes. */
export function openSession(em: EntityManager, userId: string, refreshTtlS: number, meta: SessionMeta) {
  const familyId = uuidv7();
  const refreshToken = randomToken();
  // The application's clock: em.create hydrates its data at once, so it takes dates, not SQL.
  const now = Date.now();
  const absoluteEnd = now + ABSOLUTE_SESSION_DAYS * 86_400_000;
  em.create(AuthSession, {
    familyId,
    user: userId,
    refreshHash: tokenHash(refreshToken),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
    expiresAt: new Date(Math.min(now + refreshTtlS * 1000, absoluteEnd)),
    absoluteExpiresAt: new Date(absoluteEnd),
  });
  return { familyId, refreshToken };
}

/** When a machine client's session family ends by itself: never (it ends when the client is revoked). */
const NEVER = new Date('9999-12-31T00:00:00.000Z');

/**
 * A machine client's one session family, whose id is the client's: its access tokens name it, so
 * revoking the client (revokeSessions) ends them all at once. It has no refresh token anyone holds.
 */
export function openClientSession(em: EntityManager, clientId: string) {
  em.create(AuthSession, {
    familyId: clientId,
    user: clientId,
    refreshHash: tokenHash(randomToken()),
    expiresAt: NEVER,
    absoluteExpiresAt: NEVER,
  });
}

/** Revokes families of a user (all of them, or all but one); returns how many were live. */
export async function revokeSessions(
  em: EntityManager,
  userId: string,
  reason: string,
  exceptFamilyId?: string,
): Promise<number> {
  const rows = await db(em)
    .updateTable('auth_sessions')
    .set({ revoked_at: sql<Date>`now()`, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .$if(exceptFamilyId !== undefined, (q) => q.where('family_id', '<>', exceptFamilyId!))
    .returning('family_id')
    .execute();
  if (rows.length) callerChanged(em, userId);
  // Sign-ins half done (an mfaToken awaiting its code) end with the sessions: they would complete into new ones.
  await db(em)
    .updateTable('mfa_challenges')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  return rows.length;
}

/** Revokes one family if it is still live (compare-and-set, so a concurrent revocation counts once). */
export async function revokeFamily(em: EntityManager, familyId: string, reason: string): Promise<boolean> {
  const row = await db(em)
    .updateTable('auth_sessions')
    .set({ revoked_at: sql<Date>`now()`, revoked_reason: reason })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  if (row) callerChanged(em, row.user_id);
  return row !== undefined;
}

/** The sessions GET /auth/sessions lists, the most recently used first: a bound on the answer. */
export const LISTED_SESSIONS = 100;

export async function listSessions(deps: ServiceDeps, { caller }: UserAct): Promise<SessionView[]> {
  const rows = await db(deps.orm.em)
    .selectFrom('auth_sessions')
    .select(['family_id', 'created_at', 'last_used_at', 'expires_at', 'user_agent', 'ip'])
    .where('user_id', '=', caller.userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<string>`now()`)
    .orderBy('last_used_at', 'desc')
    .limit(LISTED_SESSIONS)
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
