import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import { uuidv7 } from '../../ids.js';
import { callerChanged } from './caller-changes.js';
import { randomToken, tokenHash } from './crypto.js';
import { AuthSession } from './session.entity.js';

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
