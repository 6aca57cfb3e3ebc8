import type { EntityManager } from '@mikro-orm/postgresql';
import type { Keyset } from '../../db/keyset.js';
import { preparedQuery } from '../../db/prepared.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { NotFoundError } from '../../kernel/errors.js';
import { listPage, type Page } from '../../kernel/list.js';
import { lockVisible } from '../../kernel/lock-visible.js';
import { readSide } from '../../kernel/reads.js';
import { assertFilterInScope, type DataScope, inScope, scopeFilter } from '../../kernel/scope.js';
import { User } from './user.entity.js';
import { USER_LIST, USER_SCOPE_COLUMNS, USER_SCOPE_FIELDS } from './user.list.js';
import type { UserFilters, UserView } from './user.schemas.js';
import { toUserView, type UserViewRow, userViews } from './user.view.js';

type UserSort = (typeof USER_LIST.sortable)[number];

export async function listUsers(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: UserFilters & { q?: string }; page: Keyset<UserSort> },
): Promise<Page<UserViewRow>> {
  assertFilterInScope(act.caller.scope, { insurerId: input.filters.insurerId });
  return listPage(USER_LIST, readSide(deps, act), act.caller.scope, input);
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
  const [row] = await visibleUserQuery(readSide(deps, act), { id: input.id, scopeId }, scope.kind);
  if (!row) throw new NotFoundError('No such user');
  return toUserView(row);
}

/** A user (a person, never a machine client's row) within the caller's scope, its row locked for a change, or 404. */
export const lockVisibleUser = (tx: EntityManager, scope: DataScope, id: string) =>
  lockVisible(tx, User, id, { ...scopeFilter(scope, USER_SCOPE_FIELDS), kind: 'person' }, 'user');
