import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { KeysetQuery } from '../../db/keyset.js';
import type { WriteContext } from '../../db/unit-of-work.js';
import { ConflictError, DomainRuleError, NotFoundError, ValidationError, type FieldError } from '../../errors/index.js';
import { uuidv7 } from '../../ids.js';
import type { ServiceDeps } from '../deps.js';
import { assertHoldsAll, type Caller } from './caller.js';
import { PERMISSIONS, isPermission } from './permissions.js';
import { ADMIN_ROLE_ID } from './system-roles.js';

export interface RoleView { id: string; name: string; description: string | null; system: boolean; permissions: string[]; createdAt: string; updatedAt: string }

const ROLE_COLUMNS = `r.id, r.name, r.description, r.system, r.created_at, r.updated_at,
  coalesce(array(select permission from role_permissions rp where rp.role_id = r.id order by permission), '{}') as permissions`;

function toRoleView(r: Record<string, unknown>): RoleView {
  return {
    id: r.id as string, name: r.name as string, description: (r.description as string) ?? null, system: Boolean(r.system),
    permissions: r.permissions as string[], createdAt: new Date(r.created_at as string).toISOString(), updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}

async function loadRole(em: EntityManager, id: string, lock = false): Promise<RoleView | null> {
  const [row] = await em.execute<Record<string, unknown>[]>(`select ${ROLE_COLUMNS} from roles r where r.id = ?${lock ? ' for update' : ''}`, [id]);
  return row ? toRoleView(row) : null;
}

/** Unknown names answer 400 with one entry per offending list item. */
export function assertKnownPermissions(names: string[], field = 'body.permissions'): void {
  const details: FieldError[] = names.flatMap((name, i) => (isPermission(name) ? [] : [{ field: `${field}.${i}`, message: `is not a known permission: ${name}`, constraint: 'enum' }]));
  if (details.length) throw new ValidationError(details);
}

export function listPermissions(): { name: string; description: string }[] {
  return Object.entries(PERMISSIONS).map(([name, description]) => ({ name, description }));
}

export type RoleListKey = { name: string; createdAt: string; id: string };

/**
 * The roles of a page, each with its exact keyset values: created_at keeps its microseconds (the
 * system roles are seeded in one transaction and share it; a millisecond cursor would skip them).
 */
export async function listRoles(deps: ServiceDeps, keyset: KeysetQuery): Promise<{ role: RoleView; key: RoleListKey }[]> {
  const rows = await deps.orm.em.fork().execute<Record<string, unknown>[]>(
    `select ${ROLE_COLUMNS}, lower(r.name) as key_name, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key_created_at
       from roles r ${keyset.after ? `where ${keyset.after.sql}` : ''} order by ${keyset.orderBy} limit ${keyset.limit + 1}`,
    keyset.after?.params ?? [],
  );
  return rows.map((row) => {
    const role = toRoleView(row);
    return { role, key: { name: row.key_name as string, createdAt: row.key_created_at as string, id: role.id } };
  });
}

export async function getRole(deps: ServiceDeps, id: string): Promise<RoleView> {
  const role = await loadRole(deps.orm.em.fork(), id);
  if (!role) throw new NotFoundError('No such role');
  return role;
}

export async function createRole(deps: ServiceDeps, ctx: WriteContext, caller: Caller, input: { name: string; description?: string; permissions?: string[] }): Promise<RoleView> {
  const permissions = [...new Set(input.permissions ?? [])];
  assertKnownPermissions(permissions);
  assertHoldsAll(caller, permissions, 'You cannot create a role with permissions you do not hold');
  const id = uuidv7();
  return deps.uow.run(ctx, async (tx) => {
    const inserted = await tx.execute(
      `insert into roles (id, name, description) values (?, ?, ?) on conflict ((lower(name))) do nothing returning id`,
      [id, input.name.trim(), input.description ?? null],
    );
    if (!inserted.length) throw new ConflictError('A role with this name already exists', { field: 'body.name' });
    if (permissions.length) {
      await tx.execute(`insert into role_permissions (role_id, permission) select ?, jsonb_array_elements_text(?::jsonb)`, [id, JSON.stringify(permissions)]);
    }
    return { result: (await loadRole(tx, id))!, audit: { action: 'role.create', subjectType: 'role', subjectId: id, summary: { name: input.name, permissions } } };
  });
}

export async function updateRole(deps: ServiceDeps, ctx: WriteContext, id: string, input: { name?: string; description?: string | null }): Promise<RoleView> {
  return deps.uow.run(ctx, async (tx) => {
    const role = await loadRole(tx, id, true);
    if (!role) throw new NotFoundError('No such role');
    if (role.system && input.name !== undefined && input.name !== role.name) {
      throw new DomainRuleError('INVARIANT_VIOLATION', 'System roles keep their names');
    }
    if (input.name !== undefined) {
      const clash = await tx.execute(`select 1 from roles where lower(name) = lower(?) and id <> ?`, [input.name.trim(), id]);
      if (clash.length) throw new ConflictError('A role with this name already exists', { field: 'body.name' });
    }
    // The check above cannot see a name another transaction is taking right now: its unique index can.
    await tx.execute(
      `update roles set name = coalesce(?, name), description = case when ? then ? else description end, updated_at = now() where id = ?`,
      [input.name?.trim() ?? null, input.description !== undefined, input.description ?? null, id],
    ).catch((err) => {
      if (err instanceof UniqueConstraintViolationException) throw new ConflictError('A role with this name already exists', { field: 'body.name' });
      throw err;
    });
    return { result: (await loadRole(tx, id))!, audit: { action: 'role.update', subjectType: 'role', subjectId: id, summary: { fields: Object.keys(input).sort() } } };
  });
}

/** System roles cannot be deleted (422); a role still assigned to someone answers 409. */
export async function deleteRole(deps: ServiceDeps, ctx: WriteContext, id: string): Promise<void> {
  await deps.uow.run(ctx, async (tx) => {
    const role = await loadRole(tx, id, true);
    if (!role) throw new NotFoundError('No such role');
    if (role.system) throw new DomainRuleError('INVARIANT_VIOLATION', 'System roles cannot be deleted');
    const [{ n }] = await tx.execute<{ n: number }[]>(`select count(*)::int as n from user_roles where role_id = ?`, [id]);
    if (n > 0) throw new ConflictError(`The role is still assigned to ${n} user(s)`, { assignedUsers: n });
    await tx.execute(`delete from roles where id = ?`, [id]);
    return { result: null, audit: { action: 'role.delete', subjectType: 'role', subjectId: id, summary: { name: role.name } } };
  });
}

/**
 * Replaces a role's permission set. Nobody grants what they do not hold, and the admin role always
 * holds the whole catalogue. Takes effect on the next request of every holder.
 */
export async function setRolePermissions(deps: ServiceDeps, ctx: WriteContext, caller: Caller, id: string, names: string[]): Promise<RoleView> {
  const permissions = [...new Set(names)];
  assertKnownPermissions(permissions);
  return deps.uow.run(ctx, async (tx) => {
    const locked = await loadRole(tx, id, true);
    if (!locked) throw new NotFoundError('No such role');
    if (locked.id === ADMIN_ROLE_ID) throw new DomainRuleError('INVARIANT_VIOLATION', 'The admin role always holds every permission');
    // Read again once the lock is held: the locking statement's own snapshot may predate a concurrent
    // change it waited for, and the grant check must compare against the set as committed.
    const role = (await loadRole(tx, id))!;
    const added = permissions.filter((p) => !role.permissions.includes(p));
    const removed = role.permissions.filter((p) => !permissions.includes(p));
    assertHoldsAll(caller, [...added, ...removed], 'You cannot grant or revoke permissions you do not hold');
    await tx.execute(`delete from role_permissions where role_id = ?`, [id]);
    if (permissions.length) {
      await tx.execute(`insert into role_permissions (role_id, permission) select ?, jsonb_array_elements_text(?::jsonb)`, [id, JSON.stringify(permissions)]);
    }
    await tx.execute(`update roles set updated_at = now() where id = ?`, [id]);
    return { result: (await loadRole(tx, id))!, audit: { action: 'role.set_permissions', subjectType: 'role', subjectId: id, summary: { added, removed } } };
  });
}
