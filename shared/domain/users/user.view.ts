import { type ExpressionBuilder, type InferResult, type RawBuilder, sql } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { type Database, db, iso, isoOrNull, type Source } from '../../db/database.js';
import type { UserStatus } from './user.entity.js';
import type { UserView } from './user.schemas.js';

/** Any query that reads `users as u` (joined to whatever else). */
type UsersAsU = ExpressionBuilder<{ u: Database['users'] }, 'u'>;

/**
 * The status a user has now, for a query on `users as u`: a lock that has run out reads as active
 * (it is lifted in the database at the next sign-in). Usable in select and where clauses alike.
 */
export function effectiveStatus(eb: UsersAsU): RawBuilder<UserStatus> {
  const status = eb.ref('u.status');
  return sql<UserStatus>`case when ${status} = 'locked' and ${eb.ref('u.locked_until')} <= now() then 'active' else ${status} end`;
}

/**
 * Users as views, to be narrowed with where clauses: one statement, the roles (by name) from a
 * correlated subquery, so a view costs a single round trip. People only: a machine client's own row
 * (kind `client`) is never a user of the users API (its email is null, see api-clients).
 */
export function userViews(em: Source) {
  return db(em)
    .selectFrom('users as u')
    .where('u.kind', '=', 'person')
    .select([
      'u.id',
      'u.email',
      'u.name',
      'u.phone',
      'u.insurer_id',
      'u.locale',
      'u.kyc_status',
      'u.mfa_enabled',
      'u.last_login_at',
      'u.created_at',
      'u.updated_at',
    ])
    .select((eb) => [
      effectiveStatus(eb).as('status'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('user_roles as ur')
            .innerJoin('roles as r', 'r.id', 'ur.role_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .select((sub) =>
              sub.fn
                .agg<UserView['roles']>('json_agg', [jsonBuildObject({ id: sub.ref('r.id'), name: sub.ref('r.name') })])
                .orderBy('r.name')
                .as('roles'),
            ),
          sql<UserView['roles']>`'[]'::json`,
        )
        .as('roles'),
    ])
    .$narrowType<{ email: string }>();
}

/**
 * A person's email, from a user loaded as an entity: only a machine client's row has none, and the
 * sign-in, password and MFA paths never reach one (their routes refuse clients).
 */
export function emailOf(user: { id: string; email?: string | null }): string {
  if (!user.email) throw new Error(`user ${user.id} has no email: a machine client on a path for people`);
  return user.email;
}

export type UserViewRow = InferResult<ReturnType<typeof userViews>>[number];

export function toUserView(r: UserViewRow): UserView {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    phone: r.phone,
    status: r.status,
    insurerId: r.insurer_id,
    locale: r.locale,
    kycStatus: r.kyc_status,
    mfaEnabled: r.mfa_enabled,
    roles: r.roles,
    lastLoginAt: isoOrNull(r.last_login_at),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** One user as the API shows it, in the em's transaction when it has one. */
export async function loadUserView(em: Source, id: string): Promise<UserView | null> {
  const row = await userViews(em).where('u.id', '=', id).executeTakeFirst();
  return row ? toUserView(row) : null;
}
