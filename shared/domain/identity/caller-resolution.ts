import { UnauthenticatedError } from '../../errors/index.js';
import { scopeOf, type Caller } from '../access/caller.js';
import type { ServiceDeps } from '../deps.js';
import { EFFECTIVE_STATUS } from '../users/user.view.js';
import { notActive } from './auth.service.js';

interface CallerRow { id: string; status: string; insurer_id: string | null; revoked_at: Date | null; expired: boolean; permissions: string[] }

/**
 * Who is calling, from an access token's user and session family: one query per request, so a
 * revoked session fails and a role change applies on the very next request, in every process.
 */
export async function resolveCaller(deps: ServiceDeps, userId: string, familyId: string): Promise<Caller> {
  const [row] = await deps.orm.em.fork().execute<CallerRow[]>(
    `select u.id, ${EFFECTIVE_STATUS} as status, u.insurer_id, s.revoked_at, s.absolute_expires_at < now() as expired,
            coalesce((select array_agg(distinct rp.permission) from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
                       where ur.user_id = u.id), '{}') as permissions
       from auth_sessions s join users u on u.id = s.user_id
      where s.family_id = ?::uuid and s.user_id = ?::uuid`,
    [familyId, userId],
  );
  if (!row || row.revoked_at || row.expired) throw new UnauthenticatedError('SESSION_REVOKED', 'This session has been revoked; sign in again');
  if (row.status !== 'active') throw notActive();
  const permissions = new Set(row.permissions);
  return { userId: row.id, familyId, insurerId: row.insurer_id, permissions, scope: scopeOf(row.id, row.insurer_id, permissions) };
}

