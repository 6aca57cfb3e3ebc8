import { type InferResult, sql } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import { db, iso, isoOrNull, type Source } from '../../db/database.js';
import { defineList } from '../../kernel/list.js';
import type { ApiClientView } from './api-client.schemas.js';

/** Clients as views: the client, and its roles (by name) from its user row's grants, in one statement. */
export function clientViews(em: Source) {
  return db(em)
    .selectFrom('api_clients as c')
    .select([
      'c.id',
      'c.name',
      'c.insurer_id',
      'c.created_by',
      'c.created_at',
      'c.secret_rotated_at',
      'c.previous_secret_expires_at',
      'c.last_token_at',
      'c.revoked_by',
      'c.revoked_at',
      'c.updated_at',
    ])
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('user_roles as ur')
            .innerJoin('roles as r', 'r.id', 'ur.role_id')
            .whereRef('ur.user_id', '=', 'c.id')
            .select((sub) =>
              sub.fn
                .agg<ApiClientView['roles']>('json_agg', [
                  jsonBuildObject({ id: sub.ref('r.id'), name: sub.ref('r.name') }),
                ])
                .orderBy('r.name')
                .as('roles'),
            ),
          sql<ApiClientView['roles']>`'[]'::json`,
        )
        .as('roles'),
    );
}
type ClientRow = InferResult<ReturnType<typeof clientViews>>[number];

export const toApiClientView = (r: ClientRow): ApiClientView => ({
  id: r.id,
  name: r.name,
  insurerId: r.insurer_id,
  status: r.revoked_at ? 'revoked' : 'active',
  roles: r.roles,
  createdBy: r.created_by,
  createdAt: iso(r.created_at),
  secretRotatedAt: isoOrNull(r.secret_rotated_at),
  previousSecretExpiresAt: isoOrNull(r.previous_secret_expires_at),
  lastTokenAt: isoOrNull(r.last_token_at),
  revokedBy: r.revoked_by,
  revokedAt: isoOrNull(r.revoked_at),
  updatedAt: iso(r.updated_at),
});

/** Scope insurer sees its insurer's clients; scope agent the clients it created. */
const CLIENT_SCOPE = { agent: 'c.created_by', insurer: 'c.insurer_id' } as const;
export const CLIENT_SCOPE_FIELDS = { agent: 'createdBy', insurer: 'insurerId' };

/** GET /api-clients: newest first by default. */
export const API_CLIENT_LIST = defineList({
  name: 'api-clients',
  rows: clientViews,
  sortable: ['createdAt', 'name'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('c.created_at'),
    name: sql`lower(${eb.ref('c.name')})`,
    id: eb.ref('c.id'),
  }),
  changedAt: (eb) => eb.ref('c.updated_at'),
  scope: CLIENT_SCOPE,
  search: (eb) => sql<string>`lower(${eb.ref('c.name')})`,
  filters: {
    status: (eb, status: 'active' | 'revoked') => eb('c.revoked_at', status === 'active' ? 'is' : 'is not', null),
    insurerId: (eb, insurerId: string) => eb('c.insurer_id', '=', insurerId),
  } as const,
});
export { CLIENT_SCOPE as CLIENT_SCOPE_COLUMNS };
