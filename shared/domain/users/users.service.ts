import type { EntityManager } from '@mikro-orm/postgresql';
import { flushOrConflict } from '../../db/flush.js';
import type { Keyset } from '../../db/keyset.js';
import { preparedQuery } from '../../db/prepared.js';
import { job } from '../../jobs/catalogue.js';
import type { UserAct } from '../../kernel/act.js';
import { ForbiddenError, NotFoundError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { listPage, type Page } from '../../kernel/list.js';
import { lockVisible } from '../../kernel/lock-visible.js';
import { assertFilterInScope, type DataScope, inScope, scopeFilter } from '../../kernel/scope.js';
import type { ServiceDeps } from '../deps.js';
import { callerChanged } from '../identity/caller-changes.js';
import { PasswordResetToken } from '../identity/credential.entities.js';
import { assertPasswordAllowed, hashPassword } from '../identity/passwords.js';
import { assertNewUserCanSetPassword } from '../mail/delivery.js';
import { User } from './user.entity.js';
import { USER_LIST, USER_SCOPE_COLUMNS, USER_SCOPE_FIELDS } from './user.list.js';
import type { CreateUserInput, UpdateUserInput, UserFilters, UserView } from './user.schemas.js';
import { loadUserView, toUserView, type UserViewRow, userViews } from './user.view.js';
import { assertOutranks } from './user-guards.js';

type UserSort = (typeof USER_LIST.sortable)[number];

export async function listUsers(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: UserFilters & { q?: string }; page: Keyset<UserSort> },
): Promise<Page<UserViewRow>> {
  assertFilterInScope(act.caller.scope, { insurerId: input.filters.insurerId });
  return listPage(USER_LIST, deps.orm.em, act.caller.scope, input);
}

/** One user by id within a scope; the scope's kind is the statement's shape, its insurer or agent id a parameter. */
const visibleUserQuery = preparedQuery((em, p: { id: string; scopeId: string }, kind) =>
  userViews(em)
    .where('u.id', '=', p.id)
    .where((eb) => inScope(eb, { kind, insurerId: p.scopeId, agentId: p.scopeId } as DataScope, USER_SCOPE_COLUMNS)),
);

/** A user outside the caller's scope is 404, exactly like a missing one. One prepared statement: a hot path. */
export async function getUser(deps: ServiceDeps, act: UserAct, input: { id: string }): Promise<UserView> {
  const { scope } = act.caller;
  const scopeId = scope.kind === 'insurer' ? scope.insurerId : scope.kind === 'agent' ? scope.agentId : '';
  const [row] = await visibleUserQuery(deps.orm.em, { id: input.id, scopeId }, scope.kind);
  if (!row) throw new NotFoundError('No such user');
  return toUserView(row);
}

/** A user within the caller's scope, its row locked for a change, or 404. */
export const lockVisibleUser = (tx: EntityManager, scope: DataScope, id: string) =>
  lockVisible(tx, User, id, scopeFilter(scope, USER_SCOPE_FIELDS), 'user');

/** Creates a pending user, with an initial password or, without one, a set-password mail. */
export async function createUser(deps: ServiceDeps, act: UserAct, input: CreateUserInput): Promise<UserView> {
  const { scope } = act.caller;
  let insurerId = input.insurerId ?? null;
  if (scope.kind === 'agent') throw new ForbiddenError('Your data scope does not allow creating users');
  if (scope.kind === 'insurer') {
    if (insurerId && insurerId !== scope.insurerId)
      throw new ForbiddenError('The insurerId is outside your data scope');
    insurerId = scope.insurerId;
  }
  assertNewUserCanSetPassword(deps.config, input.password);
  if (input.password) assertPasswordAllowed(input.password, input.email, 'password');
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return deps.uow.run(act, async (tx) => {
    const user = tx.create(User, {
      id: uuidv7(),
      email: input.email.trim(),
      name: input.name.trim(),
      phone: input.phone ?? null,
      insurerId,
      locale: input.locale ?? 'en',
      status: 'pending',
      passwordHash,
      passwordChangedAt: passwordHash ? new Date() : null,
    });
    const jobs = [];
    if (!passwordHash) {
      const reset = tx.create(PasswordResetToken, { id: uuidv7(), user, purpose: 'set_password' });
      jobs.push(job('mail.send', { kind: 'password_reset', resetId: reset.id }));
    }
    // The unique index on lower(email) settles a duplicate, also one created concurrently.
    await flushOrConflict(tx, 'A user with this email already exists', 'email');
    return {
      result: (await loadUserView(tx, user.id))!,
      audit: {
        action: 'user.create',
        subjectType: 'user',
        subjectId: user.id,
        summary: { insurerId, withPassword: Boolean(passwordHash) },
      },
      jobs,
    };
  });
}

export async function updateUser(
  deps: ServiceDeps,
  act: UserAct,
  { id, ...changes }: UpdateUserInput & { id: string },
): Promise<UserView> {
  if (changes.insurerId !== undefined && act.caller.scope.kind !== 'all')
    throw new ForbiddenError("Changing a user's insurer needs data scope all");
  return deps.uow.run(act, async (tx) => {
    const user = await lockVisibleUser(tx, act.caller.scope, id);
    await assertOutranks(tx, act.caller, id, 'update');
    if (changes.name !== undefined) user.name = changes.name.trim();
    if (changes.phone !== undefined) user.phone = changes.phone;
    if (changes.insurerId !== undefined && changes.insurerId !== user.insurerId) {
      user.insurerId = changes.insurerId;
      callerChanged(tx, id); // their data scope
    }
    if (changes.locale !== undefined) user.locale = changes.locale;
    // A PATCH is a change even when it repeats the stored values (updatedAt and version move).
    user.updatedAt = new Date();
    await tx.flush();
    return {
      result: (await loadUserView(tx, id))!,
      audit: {
        action: 'user.update',
        subjectType: 'user',
        subjectId: id,
        summary: { fields: Object.keys(changes).sort() },
      },
    };
  });
}
