import type { EntityManager } from '@mikro-orm/postgresql';
import type { KycStatus, UserStatus } from './user.entity.js';

/** A user as the API shows it: never a password hash, MFA secret or token. */
export interface UserView {
  id: string; email: string; name: string; phone: string | null; status: UserStatus; insurerId: string | null;
  locale: string; kycStatus: KycStatus; mfaEnabled: boolean; roles: { id: string; name: string }[];
  lastLoginAt: string | null; createdAt: string; updatedAt: string;
}

/** A lock that has run out reads as active (it is lifted in the database at the next sign-in). */
export const EFFECTIVE_STATUS = `case when u.status = 'locked' and u.locked_until <= now() then 'active' else u.status end`;

export const USER_VIEW_COLUMNS = `u.id, u.email, u.name, u.phone, ${EFFECTIVE_STATUS} as status, u.insurer_id, u.locale, u.kyc_status, u.mfa_enabled,
  u.last_login_at, u.created_at, u.updated_at,
  coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name) order by r.name)
              from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::jsonb) as roles`;

/**
 * Keyset values of a listed user, exactly as stored: created_at keeps its microseconds (the view's
 * createdAt has milliseconds only, and a cursor built from it would skip rows sharing a millisecond).
 */
export const USER_LIST_KEY_COLUMNS = `to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key_created_at,
  lower(u.email) as key_email`;

export type UserListKey = { createdAt: string; email: string; name: string; id: string };

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export function toUserView(r: Record<string, unknown>): UserView {
  return {
    id: r.id as string, email: r.email as string, name: r.name as string, phone: (r.phone as string) ?? null,
    status: r.status as UserStatus, insurerId: (r.insurer_id as string) ?? null, locale: r.locale as string,
    kycStatus: r.kyc_status as KycStatus, mfaEnabled: Boolean(r.mfa_enabled), roles: r.roles as UserView['roles'],
    lastLoginAt: iso(r.last_login_at), createdAt: iso(r.created_at)!, updatedAt: iso(r.updated_at)!,
  };
}

export async function loadUserView(em: EntityManager, id: string): Promise<UserView | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(`select ${USER_VIEW_COLUMNS} from users u where u.id = ?`, [id]);
  return row ? toUserView(row) : null;
}
