import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder } from 'kysely';
import { db, type Database } from '../../db/database.js';
import { keysetPage, type Keyset } from '../../db/keyset.js';
import type { WriteContext } from '../../db/unit-of-work.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors/index.js';
import { uuidv7 } from '../../ids.js';
import { job } from '../../jobs/catalogue.js';
import { assertFilterInScope, assertHoldsAll, type Caller, type DataScope } from '../access/caller.js';
import { Role } from '../access/role.entity.js';
import { UserRole } from '../access/user-role.entity.js';
import type { ServiceDeps } from '../deps.js';
import { PasswordResetToken } from '../identity/credential.entities.js';
import { assertPasswordAllowed, hashPassword } from '../identity/passwords.js';
import { callerChanged } from '../identity/caller-changes.js';
import { revokeSessions } from '../identity/sessions.js';
import { preparedQuery } from '../../db/prepared.js';
import { nextState } from '../state-machine.js';
import { User, type UserStatus } from './user.entity.js';
import { USER_TRANSITIONS, effectiveStatusOf, type UserAction } from './user-states.js';
import { effectiveStatus, loadUserView, toUserView, userViews, type UserView } from './user.view.js';

/** Users a caller may see: everyone (scope all), their insurer's users, or only themselves. */
const visibleUsers = (scope: DataScope) => (eb: ExpressionBuilder<{ u: Database['users'] }, 'u'>) =>
  scope.kind === 'insurer' ? eb('u.insurer_id', '=', scope.insurerId) : scope.kind === 'agent' ? eb('u.id', '=', scope.agentId) : eb.and([]);

export const USER_SORT_FIELDS = ['createdAt', 'email', 'name'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
/** A listed user's keyset values, exactly as the list orders by them (email lowercased by PostgreSQL). */
export type UserListKey = Record<UserSortField | 'id', string>;

export interface UserListQuery { q?: string; status?: UserStatus; insurerId?: string }

/** The users of a page (limit + 1 of them), each with its keyset values for the next cursor. */
export async function listUsers(deps: ServiceDeps, caller: Caller, query: UserListQuery, keyset: Keyset<UserSortField>): Promise<{ user: UserView; key: UserListKey }[]> {
  assertFilterInScope(caller.scope, { insurerId: query.insurerId });
  let list = userViews(deps.orm.em).select((eb) => eb.fn<string>('lower', ['u.email']).as('key_email')).where(visibleUsers(caller.scope));
  const { status, insurerId, q } = query;
  if (status) list = list.where((eb) => eb(effectiveStatus(eb), '=', status));
  if (insurerId) list = list.where('u.insurer_id', '=', insurerId);
  // The expression of the trigram index users_search_trgm_idx; % and _ in q match literally.
  if (q) {
    const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    list = list.where((eb) => eb(sql<string>`(lower(${eb.ref('u.email')}) || ' ' || lower(${eb.ref('u.name')}))`, 'like', pattern));
  }
  const rows = await keysetPage(list, keyset, (eb) => ({
    createdAt: eb.ref('u.created_at'), email: eb.fn('lower', ['u.email']), name: eb.ref('u.name'), id: eb.ref('u.id'),
  })).execute();
  return rows.map((row) => {
    const user = toUserView(row);
    return { user, key: { createdAt: user.createdAt, email: row.key_email, name: user.name, id: user.id } };
  });
}

/** One user by id within a scope; the scope's kind is the statement's shape, its insurer or agent id a parameter. */
const visibleUserQuery = preparedQuery((em, p: { id: string; scopeId: string }, kind) =>
  userViews(em).where('u.id', '=', p.id).where(visibleUsers({ kind, insurerId: p.scopeId, agentId: p.scopeId } as DataScope)));

/** A user outside the caller's scope is 404, exactly like a missing one. One prepared statement: a hot path. */
export async function getUser(deps: ServiceDeps, caller: Caller, id: string): Promise<UserView> {
  const { scope } = caller;
  const scopeId = scope.kind === 'insurer' ? scope.insurerId : scope.kind === 'agent' ? scope.agentId : '';
  const [row] = await visibleUserQuery(deps.orm.em, { id, scopeId }, scope.kind);
  if (!row) throw new NotFoundError('No such user');
  return toUserView(row);
}

/** A visible user, its row locked for the change, or 404. */
async function lockVisibleUser(tx: EntityManager, scope: DataScope, id: string) {
  const user = scope.kind === 'agent' && scope.agentId !== id ? null
    : await tx.findOne(User, scope.kind === 'insurer' ? { id, insurerId: scope.insurerId } : { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!user) throw new NotFoundError('No such user');
  return user;
}

/** Writes the changes so far (a view reads them back next); a unique index refusing them answers 409. */
async function flushOrConflict(tx: EntityManager, message: string, field: string): Promise<void> {
  await tx.flush().catch((err) => {
    if (err instanceof UniqueConstraintViolationException) throw new ConflictError(message, { field });
    throw err;
  });
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
  return deps.uow.run(ctx, async (tx) => {
    const user = tx.create(User, {
      id: uuidv7(), email: input.email.trim(), name: input.name.trim(), phone: input.phone ?? null, insurerId, locale: input.locale ?? 'en',
      status: 'pending', passwordHash, passwordChangedAt: passwordHash ? new Date() : null,
    });
    const jobs = [];
    if (!passwordHash) {
      const reset = tx.create(PasswordResetToken, { id: uuidv7(), user, purpose: 'set_password' });
      jobs.push(job('mail.send', { kind: 'password_reset', resetId: reset.id }));
    }
    // The unique index on lower(email) settles a duplicate, also one created concurrently.
    await flushOrConflict(tx, 'A user with this email already exists', 'body.email');
    return {
      result: (await loadUserView(tx, user.id))!,
      audit: { action: 'user.create', subjectType: 'user', subjectId: user.id, summary: { insurerId, withPassword: Boolean(passwordHash) } },
      jobs,
    };
  });
}

export interface UpdateUserInput { name?: string; phone?: string | null; insurerId?: string | null; locale?: string }

export async function updateUser(deps: ServiceDeps, ctx: WriteContext, caller: Caller, id: string, input: UpdateUserInput): Promise<UserView> {
  if (input.insurerId !== undefined && caller.scope.kind !== 'all') throw new ForbiddenError('Changing a user\'s insurer needs data scope all');
  return deps.uow.run(ctx, async (tx) => {
    const user = await lockVisibleUser(tx, caller.scope, id);
    if (input.name !== undefined) user.name = input.name.trim();
    if (input.phone !== undefined) user.phone = input.phone;
    if (input.insurerId !== undefined && input.insurerId !== user.insurerId) {
      user.insurerId = input.insurerId;
      callerChanged(tx, id); // their data scope
    }
    if (input.locale !== undefined) user.locale = input.locale;
    // A PATCH is a change even when it repeats the stored values (updatedAt and version move).
    user.updatedAt = new Date();
    await tx.flush();
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
    const user = await lockVisibleUser(tx, caller.scope, id);
    if (action !== 'activate' && user.id === caller.userId) throw new ForbiddenError(`You cannot ${action} yourself`);
    const from = effectiveStatusOf(user);
    const to = nextState(USER_TRANSITIONS, 'user', action, from);
    user.status = to;
    user.statusReason = reason ?? null;
    callerChanged(tx, id);
    if (to === 'active') {
      user.failedLoginCount = 0;
      user.lockedUntil = null;
    }
    const sessionsEnded = to === 'suspended' || to === 'archived' ? await revokeSessions(tx, id, `user_${action}`) : 0;
    await tx.flush();
    return {
      result: (await loadUserView(tx, id))!,
      audit: { action: `user.${action}`, subjectType: 'user', subjectId: id, summary: { from, to, reason, sessionsEnded } },
    };
  });
}

/**
 * The role, locked against a concurrent delete or permission change (FOR KEY SHARE waits for their
 * FOR UPDATE), with the permissions it holds once that lock is granted (read by a later statement).
 */
async function roleWithPermissions(tx: EntityManager, roleId: string) {
  const role = await db(tx).selectFrom('roles').select(['id', 'name']).where('id', '=', roleId).forKeyShare().executeTakeFirst();
  if (!role) return undefined;
  const rows = await db(tx).selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).execute();
  return { ...role, permissions: rows.map((r) => r.permission) };
}

/** Grants a role. The caller must hold every permission of the role: nobody grants more than they have. */
export async function assignRole(deps: ServiceDeps, ctx: WriteContext, caller: Caller, userId: string, roleId: string): Promise<UserView> {
  return deps.uow.run(ctx, async (tx) => {
    const user = await lockVisibleUser(tx, caller.scope, userId);
    const role = await roleWithPermissions(tx, roleId);
    if (!role) throw new ValidationError([{ field: 'body.roleId', message: 'is not an existing role', constraint: 'exists' }]);
    assertHoldsAll(caller, role.permissions, 'You cannot grant a role with permissions you do not hold');
    // The user's row lock serialises grants to them: no concurrent insert can slip in after this read.
    const held = await tx.findOne(UserRole, { user: userId, role: roleId });
    if (!held) {
      tx.create(UserRole, { user, role: tx.getReference(Role, roleId) });
      callerChanged(tx, userId);
    }
    await tx.flush();
    return {
      result: (await loadUserView(tx, userId))!,
      audit: held ? [] : { action: 'user.role_assign', subjectType: 'user', subjectId: userId, summary: { roleId, roleName: role.name } },
    };
  });
}

export async function removeRole(deps: ServiceDeps, ctx: WriteContext, caller: Caller, userId: string, roleId: string): Promise<UserView> {
  return deps.uow.run(ctx, async (tx) => {
    await lockVisibleUser(tx, caller.scope, userId);
    const role = await roleWithPermissions(tx, roleId);
    if (!role) throw new NotFoundError('No such role');
    assertHoldsAll(caller, role.permissions, 'You cannot revoke a role with permissions you do not hold');
    const held = await tx.findOne(UserRole, { user: userId, role: roleId });
    if (!held) throw new NotFoundError('The user does not have this role');
    tx.remove(held);
    callerChanged(tx, userId);
    await tx.flush();
    return {
      result: (await loadUserView(tx, userId))!,
      audit: { action: 'user.role_remove', subjectType: 'user', subjectId: userId, summary: { roleId, roleName: role.name } },
    };
  });
}
