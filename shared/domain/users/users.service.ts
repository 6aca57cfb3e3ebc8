import type { EntityManager } from '@mikro-orm/postgresql';
import { Conditions, type KeysetQuery } from '../../db/keyset.js';
import type { WriteContext } from '../../db/unit-of-work.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors/index.js';
import { uuidv7 } from '../../ids.js';
import { JOBS } from '../../queues/names.js';
import { assertFilterInScope, assertHoldsAll, type Caller, type DataScope } from '../access/caller.js';
import type { ServiceDeps } from '../deps.js';
import { assertPasswordAllowed, hashPassword } from '../identity/passwords.js';
import { revokeSessions } from '../identity/sessions.js';
import { nextState } from '../state-machine.js';
import type { UserStatus } from './user.entity.js';
import { USER_TRANSITIONS, type UserAction } from './user-states.js';
import { EFFECTIVE_STATUS, USER_LIST_KEY_COLUMNS, USER_VIEW_COLUMNS, loadUserView, toUserView, type UserListKey, type UserView } from './user.view.js';

/** Users a caller may see: everyone (scope all), their insurer's users, or only themselves. */
function visibleUsers(scope: DataScope, where: Conditions, alias = 'u'): Conditions {
  if (scope.kind === 'insurer') where.add(`${alias}.insurer_id = ?`, scope.insurerId);
  if (scope.kind === 'agent') where.add(`${alias}.id = ?`, scope.agentId);
  return where;
}

export interface UserListQuery { q?: string; status?: UserStatus; insurerId?: string }

/** The users of a page, each with its exact keyset values for the next cursor. */
export async function listUsers(deps: ServiceDeps, caller: Caller, query: UserListQuery, keyset: KeysetQuery): Promise<{ user: UserView; key: UserListKey }[]> {
  assertFilterInScope(caller.scope, { insurerId: query.insurerId });
  const where = visibleUsers(caller.scope, new Conditions());
  if (query.status) where.add(`${EFFECTIVE_STATUS} = ?`, query.status);
  if (query.insurerId) where.add('u.insurer_id = ?', query.insurerId);
  // Matches the trigram index users_search_trgm_idx.
  if (query.q) where.add(`(lower(u.email) || ' ' || lower(u.name)) like ?`, `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (keyset.after) where.add(keyset.after.sql, ...keyset.after.params);
  const rows = await deps.orm.em.fork().execute<Record<string, unknown>[]>(
    `select ${USER_VIEW_COLUMNS}, ${USER_LIST_KEY_COLUMNS} from users u ${where.where()} order by ${keyset.orderBy} limit ${keyset.limit + 1}`,
    where.params,
  );
  return rows.map((row) => {
    const user = toUserView(row);
    return { user, key: { createdAt: row.key_created_at as string, email: row.key_email as string, name: user.name, id: user.id } };
  });
}

/** A user outside the caller's scope is 404, exactly like a missing one. */
export async function getUser(deps: ServiceDeps, caller: Caller, id: string): Promise<UserView> {
  const where = visibleUsers(caller.scope, new Conditions().add('u.id = ?', id));
  const [row] = await deps.orm.em.fork().execute<Record<string, unknown>[]>(`select ${USER_VIEW_COLUMNS} from users u ${where.where()}`, where.params);
  if (!row) throw new NotFoundError('No such user');
  return toUserView(row);
}

/** Locks a visible user row for a change, or 404. */
async function lockVisibleUser(tx: EntityManager, caller: Caller, id: string) {
  const where = visibleUsers(caller.scope, new Conditions().add('u.id = ?', id));
  const [row] = await tx.execute<{ id: string; email: string; status: UserStatus; insurer_id: string | null }[]>(
    `select u.id, u.email, ${EFFECTIVE_STATUS} as status, u.insurer_id from users u ${where.where()} for update`, where.params,
  );
  if (!row) throw new NotFoundError('No such user');
  return row;
}

export interface CreateUserInput { email: string; name: string; password?: string; phone?: string; insurerId?: string; locale?: string }

/** Creates a pending user, with an initial password or, without one, a set-password mail. */
export async function createUser(deps: ServiceDeps, ctx: WriteContext, caller: Caller, input: CreateUserInput): Promise<UserView> {
  let insurerId = input.insurerId ?? null;
  if (caller.scope.kind === 'agent') throw new ForbiddenError('Your data scope does not allow creating users');
  if (caller.scope.kind === 'insurer') {
    if (insurerId && insurerId !== caller.scope.insurerId) throw new ForbiddenError('The insurerId is outside your data scope');
    insurerId = caller.scope.insurerId;
  }
  if (input.password) assertPasswordAllowed(input.password, input.email, 'body.password');
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const id = uuidv7();
  return deps.uow.run(ctx, async (tx) => {
    const inserted = await tx.execute(
      `insert into users (id, email, name, phone, insurer_id, locale, status, password_hash, password_changed_at)
       values (?, ?, ?, ?, ?, ?, 'pending', ?, case when ?::text is null then null else now() end)
       on conflict ((lower(email))) do nothing returning id`,
      [id, input.email.trim(), input.name.trim(), input.phone ?? null, insurerId, input.locale ?? 'en', passwordHash, passwordHash],
    );
    if (!inserted.length) throw new ConflictError('A user with this email already exists', { field: 'body.email' });
    const jobs = [];
    if (!passwordHash) {
      const resetId = uuidv7();
      await tx.execute(`insert into password_reset_tokens (id, user_id, purpose) values (?, ?, 'set_password')`, [resetId, id]);
      jobs.push({ queue: 'mail' as const, name: JOBS.mail.send, payload: { kind: 'password_reset', resetId } });
    }
    return {
      result: (await loadUserView(tx, id))!,
      audit: { action: 'user.create', subjectType: 'user', subjectId: id, summary: { insurerId, withPassword: Boolean(passwordHash) } },
      jobs,
    };
  });
}

export interface UpdateUserInput { name?: string; phone?: string | null; insurerId?: string | null; locale?: string }

export async function updateUser(deps: ServiceDeps, ctx: WriteContext, caller: Caller, id: string, input: UpdateUserInput): Promise<UserView> {
  if (input.insurerId !== undefined && caller.scope.kind !== 'all') throw new ForbiddenError('Changing a user\'s insurer needs data scope all');
  return deps.uow.run(ctx, async (tx) => {
    await lockVisibleUser(tx, caller, id);
    const sets = new Conditions();
    if (input.name !== undefined) sets.add('name = ?', input.name.trim());
    if (input.phone !== undefined) sets.add('phone = ?', input.phone);
    if (input.insurerId !== undefined) sets.add('insurer_id = ?', input.insurerId);
    if (input.locale !== undefined) sets.add('locale = ?', input.locale);
    if (sets.parts.length) {
      await tx.execute(`update users set ${sets.parts.join(', ')}, updated_at = now(), version = version + 1 where id = ?`, [...sets.params, id]);
    }
    return {
      result: (await loadUserView(tx, id))!,
      audit: { action: 'user.update', subjectType: 'user', subjectId: id, summary: { fields: Object.keys(input).sort() } },
    };
  });
}

/**
 * A status change from the state table. Suspending or archiving ends every session at once;
 * activating a locked user clears the lockout.
 */
export async function changeUserStatus(deps: ServiceDeps, ctx: WriteContext, caller: Caller, id: string, action: Exclude<UserAction, 'lock'>, reason?: string): Promise<UserView> {
  return deps.uow.run(ctx, async (tx) => {
    const user = await lockVisibleUser(tx, caller, id);
    if (action !== 'activate' && user.id === caller.userId) throw new ForbiddenError(`You cannot ${action} yourself`);
    const to = nextState(USER_TRANSITIONS, 'user', action, user.status);
    await tx.execute(
      `update users set status = ?, status_reason = ?, failed_login_count = case when ? = 'active' then 0 else failed_login_count end,
              locked_until = case when ? = 'active' then null else locked_until end, updated_at = now(), version = version + 1 where id = ?`,
      [to, reason ?? null, to, to, id],
    );
    const sessionsEnded = to === 'suspended' || to === 'archived' ? await revokeSessions(tx, id, `user_${action}`) : 0;
    return {
      result: (await loadUserView(tx, id))!,
      audit: { action: `user.${action}`, subjectType: 'user', subjectId: id, summary: { from: user.status, to, reason, sessionsEnded } },
    };
  });
}

/**
 * The role, locked against a concurrent delete or permission change (FOR KEY SHARE waits for their
 * FOR UPDATE), with the permissions it holds once that lock is granted (read by a later statement).
 */
async function roleWithPermissions(tx: EntityManager, roleId: string) {
  const [role] = await tx.execute<{ id: string; name: string }[]>(`select r.id, r.name from roles r where r.id = ? for key share`, [roleId]);
  if (!role) return undefined;
  const rows = await tx.execute<{ permission: string }[]>(`select permission from role_permissions where role_id = ?`, [roleId]);
  return { ...role, permissions: rows.map((r) => r.permission) };
}

/** Grants a role. The caller must hold every permission of the role: nobody grants more than they have. */
export async function assignRole(deps: ServiceDeps, ctx: WriteContext, caller: Caller, userId: string, roleId: string): Promise<UserView> {
  return deps.uow.run(ctx, async (tx) => {
    await lockVisibleUser(tx, caller, userId);
    const role = await roleWithPermissions(tx, roleId);
    if (!role) throw new ValidationError([{ field: 'body.roleId', message: 'is not an existing role', constraint: 'exists' }]);
    assertHoldsAll(caller, role.permissions, 'You cannot grant a role with permissions you do not hold');
    const added = await tx.execute(`insert into user_roles (user_id, role_id) values (?, ?) on conflict do nothing returning role_id`, [userId, roleId]);
    return {
      result: (await loadUserView(tx, userId))!,
      audit: added.length ? { action: 'user.role_assign', subjectType: 'user', subjectId: userId, summary: { roleId, roleName: role.name } } : [],
    };
  });
}

export async function removeRole(deps: ServiceDeps, ctx: WriteContext, caller: Caller, userId: string, roleId: string): Promise<UserView> {
  return deps.uow.run(ctx, async (tx) => {
    await lockVisibleUser(tx, caller, userId);
    const role = await roleWithPermissions(tx, roleId);
    if (!role) throw new NotFoundError('No such role');
    assertHoldsAll(caller, role.permissions, 'You cannot revoke a role with permissions you do not hold');
    const removed = await tx.execute(`delete from user_roles where user_id = ? and role_id = ? returning role_id`, [userId, roleId]);
    if (!removed.length) throw new NotFoundError('The user does not have this role');
    return {
      result: (await loadUserView(tx, userId))!,
      audit: { action: 'user.role_remove', subjectType: 'user', subjectId: userId, summary: { roleId, roleName: role.name } },
    };
  });
}
