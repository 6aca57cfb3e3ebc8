import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../ids.js';
import { randomToken, tokenHash } from './crypto.js';

export const ABSOLUTE_SESSION_DAYS = 90;

export interface SessionMeta { userAgent?: string; ip?: string }

/** Starts a family (one login on one device) and returns its first refresh token. */
export async function openSession(em: EntityManager, userId: string, refreshTtlS: number, meta: SessionMeta) {
  const familyId = uuidv7();
  const refreshToken = randomToken();
  await em.execute(
    `insert into auth_sessions (family_id, user_id, refresh_hash, expires_at, absolute_expires_at, user_agent, ip)
     values (?, ?, ?, least(now() + make_interval(secs => ?), now() + make_interval(days => ?)), now() + make_interval(days => ?), ?, ?)`,
    [familyId, userId, tokenHash(refreshToken), refreshTtlS, ABSOLUTE_SESSION_DAYS, ABSOLUTE_SESSION_DAYS, meta.userAgent?.slice(0, 300) ?? null, meta.ip ?? null],
  );
  return { familyId, refreshToken };
}

/** Revokes families of a user (all of them, or all but one); returns how many were live. */
export async function revokeSessions(em: EntityManager, userId: string, reason: string, exceptFamilyId?: string): Promise<number> {
  const rows = await em.execute<{ family_id: string }[]>(
    `update auth_sessions set revoked_at = now(), revoked_reason = ?
      where user_id = ? and revoked_at is null and (?::uuid is null or family_id <> ?::uuid) returning family_id`,
    [reason, userId, exceptFamilyId ?? null, exceptFamilyId ?? null],
  );
  return rows.length;
}

export async function revokeFamily(em: EntityManager, familyId: string, reason: string): Promise<boolean> {
  const rows = await em.execute(`update auth_sessions set revoked_at = now(), revoked_reason = ? where family_id = ? and revoked_at is null returning family_id`, [reason, familyId]);
  return rows.length > 0;
}
