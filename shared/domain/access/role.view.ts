import { type InferResult, sql } from 'kysely';
import { db, iso, type Source } from '../../db/database.js';
import type { RoleView } from './role.schemas.js';

/** Roles as views, to be narrowed with where clauses: the permissions (sorted) from a correlated subquery. */
export function roleViews(em: Source) {
  return db(em)
    .selectFrom('roles as r')
    .select(['r.id', 'r.name', 'r.description', 'r.system', 'r.created_at', 'r.updated_at'])
    .select((eb) =>
      sql<
        string[]
      >`array(${eb.selectFrom('role_permissions as rp').select('rp.permission').whereRef('rp.role_id', '=', 'r.id').orderBy('rp.permission')})`.as(
        'permissions',
      ),
    );
}

export function toRoleView(r: InferResult<ReturnType<typeof roleViews>>[number]): RoleView {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    system: r.system,
    permissions: r.permissions,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export async function loadRole(em: Source, id: string): Promise<RoleView | null> {
  const row = await roleViews(em).where('r.id', '=', id).executeTakeFirst();
  return row ? toRoleView(row) : null;
}
