import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../db/database.js';
import { flushOrConflict } from '../../db/flush.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import { assertHoldsAll, type Caller } from '../../kernel/caller.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import {
  ConflictError,
  DomainRuleError,
  type FieldError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { listPage, type Page } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import { callerChanged } from './caller-changes.js';
import { Role, RolePermission } from './role.entity.js';
import { ROLE_LIST } from './role.list.js';
import type { CreateRoleInput, PermissionView, RoleView, UpdateRoleInput } from './role.schemas.js';
import { loadRole, toRoleView } from './role.view.js';
import { ADMIN_ROLE_ID } from './system-roles.js';
import { assertOutranksHoldersOf } from './user-guards.js';
import { UserRole } from './user-role.entity.js';

/** The role locked for a change (FOR UPDATE: waits for, and then blocks, grants holding FOR KEY SHARE), or 404. */
async function lockRole(tx: EntityManager, id: string) {
  const role = await tx.findOne(Role, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!role) throw new NotFoundError('No such role');
  return role;
}

/**
 * Roles are platform-wide: a role of one insurer's staff may be held by another insurer's users too,
 * so only a caller of data scope all creates, changes or deletes one (403 otherwise).
 */
function assertMayChangeRoles(caller: Caller): void {
  if (caller.scope.kind !== 'all')
    throw new ForbiddenError('Roles are platform-wide: changing them needs data scope all', {
      missingPermissions: ['data:scope:all'],
    });
}

/** A system role changes only at the hands of a caller holding every permission it holds (403 otherwise). */
function assertMayChangeSystemRole(caller: Caller, role: { system: boolean }, held: { permission: string }[]): void {
  if (!role.system) return;
  const permissions = held.map((h) => h.permission);
  assertHoldsAll(caller, permissions, 'Only a caller holding every permission of a system role can change it');
}

const ROLE_NAME_TAKEN = 'A role with this name already exists';
const nameTaken = () => new ConflictError(ROLE_NAME_TAKEN, { field: 'name' });

/** Unknown names answer 400 with one entry per offending list item. */
export function assertKnownPermissions(deps: ServiceDeps, names: string[], field = 'permissions'): void {
  const details: FieldError[] = names.flatMap((name, i) =>
    Object.hasOwn(deps.permissions, name)
      ? []
      : [{ field: `${field}.${i}`, message: `is not a known permission: ${name}`, constraint: 'enum' }],
  );
  if (details.length) throw new ValidationError(details);
}

/** The permission catalogue: every domain's permissions, in the order of the domains. */
export function listPermissions(deps: ServiceDeps): PermissionView[] {
  return Object.entries(deps.permissions).map(([name, description]) => ({ name, description }));
}

export async function listRoles(
  deps: ServiceDeps,
  act: UserAct,
  input: { updatedSince?: string; page: Keyset<(typeof ROLE_LIST.sortable)[number]> },
): Promise<Page<RoleView>> {
  const page = await listPage(ROLE_LIST, readSide(deps, act), act.caller.scope, {
    filters: { updatedSince: input.updatedSince },
    page: input.page,
  });
  return { ...page, items: page.items.map(toRoleView) };
}

export async function getRole(deps: ServiceDeps, act: UserAct, { id }: { id: string }): Promise<RoleView> {
  const role = await loadRole(readSide(deps, act), id);
  if (!role) throw new NotFoundError('No such role');
  return role;
}

export async function createRole(deps: ServiceDeps, act: UserAct, input: CreateRoleInput): Promise<RoleView> {
  assertMayChangeRoles(act.caller);
  const permissions = [...new Set(input.permissions ?? [])];
  assertKnownPermissions(deps, permissions);
  assertHoldsAll(act.caller, permissions, 'You cannot create a role with permissions you do not hold');
  return deps.uow.run(act, async (tx) => {
    const role = tx.create(Role, { id: uuidv7(), name: input.name.trim(), description: input.description ?? null });
    for (const permission of permissions) role.permissions.add(tx.create(RolePermission, { role, permission }));
    await flushOrConflict(tx, ROLE_NAME_TAKEN, 'name');
    return {
      result: (await loadRole(tx, role.id))!,
      audit: {
        action: 'role.create',
        subjectType: 'role',
        subjectId: role.id,
        summary: { name: input.name, permissions },
      },
    };
  });
}

export async function updateRole(
  deps: ServiceDeps,
  act: UserAct,
  { id, ...input }: UpdateRoleInput & { id: string },
): Promise<RoleView> {
  assertMayChangeRoles(act.caller);
  return deps.uow.run(act, async (tx) => {
    const role = await lockRole(tx, id);
    if (role.system) assertMayChangeSystemRole(act.caller, role, await role.permissions.loadItems());
    if (role.system && input.name !== undefined && input.name !== role.name) {
      throw new DomainRuleError('INVARIANT_VIOLATION', 'System roles keep their names');
    }
    if (input.name !== undefined) {
      const name = input.name.trim();
      const clash = await db(tx)
        .selectFrom('roles')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
        .where('id', '<>', id)
        .executeTakeFirst();
      if (clash) throw nameTaken();
      role.name = name;
    }
    if (input.description !== undefined) role.description = input.description;
    // A PATCH is a change even when it repeats the stored values.
    role.updatedAt = new Date();
    // The check above cannot see a name another transaction is taking right now: the unique index can.
    await flushOrConflict(tx, ROLE_NAME_TAKEN, 'name');
    return {
      result: (await loadRole(tx, id))!,
      audit: {
        action: 'role.update',
        subjectType: 'role',
        subjectId: id,
        summary: { fields: Object.keys(input).sort() },
      },
    };
  });
}

/** System roles cannot be deleted (422); a role still assigned to someone answers 409. */
export async function deleteRole(deps: ServiceDeps, act: UserAct, { id }: { id: string }): Promise<void> {
  assertMayChangeRoles(act.caller);
  await deps.uow.run(act, async (tx) => {
    const role = await lockRole(tx, id);
    if (role.system) throw new DomainRuleError('INVARIANT_VIOLATION', 'System roles cannot be deleted');
    const n = await tx.count(UserRole, { role: id });
    if (n > 0) throw new ConflictError(`The role is still assigned to ${n} user(s)`, { assignedUsers: n });
    tx.remove(role);
    callerChanged(tx, 'everyone');
    return {
      result: null,
      audit: { action: 'role.delete', subjectType: 'role', subjectId: id, summary: { name: role.name } },
    };
  });
}

/**
 * Replaces a role's permission set. Nobody grants or revokes what they do not hold, nobody takes
 * permissions from a role held by someone who outranks them, a system role is changed only by a caller
 * holding all of its permissions, and the admin role always holds the whole catalogue. Takes effect on the next request of every holder.
 */
export async function setRolePermissions(
  deps: ServiceDeps,
  act: UserAct,
  { id, permissions: names }: { id: string; permissions: string[] },
): Promise<RoleView> {
  assertMayChangeRoles(act.caller);
  const permissions = [...new Set(names)];
  assertKnownPermissions(deps, permissions);
  return deps.uow.run(act, async (tx) => {
    const role = await lockRole(tx, id);
    // Loaded by a statement after the lock: the locking statement's own snapshot may predate a concurrent
    // change it waited for, and the grant check must compare against the set as committed.
    const held = await role.permissions.loadItems({ orderBy: { permission: 'asc' } });
    assertMayChangeSystemRole(act.caller, role, held);
    if (role.id === ADMIN_ROLE_ID)
      throw new DomainRuleError('INVARIANT_VIOLATION', 'The admin role always holds every permission');
    const added = permissions.filter((p) => !held.some((h) => h.permission === p));
    const removed = held.filter((h) => !permissions.includes(h.permission));
    assertHoldsAll(
      act.caller,
      [...added, ...removed.map((h) => h.permission)],
      'You cannot grant or revoke permissions you do not hold',
    );
    if (removed.length) await assertOutranksHoldersOf(tx, act.caller, id);
    role.permissions.remove(removed);
    for (const permission of added) role.permissions.add(tx.create(RolePermission, { role, permission }));
    role.updatedAt = new Date();
    if (added.length || removed.length) callerChanged(tx, 'everyone'); // every holder's permissions
    await tx.flush();
    return {
      result: (await loadRole(tx, id))!,
      audit: {
        action: 'role.set_permissions',
        subjectType: 'role',
        subjectId: id,
        summary: { added, removed: removed.map((h) => h.permission) },
      },
    };
  });
}
