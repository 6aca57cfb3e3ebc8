import { sql } from 'kysely';
import { defineList } from '../../kernel/list.js';
import type { UserStatus } from './user.entity.js';
import { effectiveStatus, userViews } from './user.view.js';

/** An agent sees only themselves; an insurer's staff see that insurer's users. */
const USER_SCOPE = { agent: 'u.id', insurer: 'u.insurer_id' } as const;

/** GET /users: newest first by default; `q` over email and name (the trigram index users_search_trgm_idx). */
export const USER_LIST = defineList({
  name: 'users',
  rows: userViews,
  sortable: ['createdAt', 'email', 'name'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('u.created_at'),
    email: eb.fn<string>('lower', ['u.email']),
    name: eb.ref('u.name'),
    id: eb.ref('u.id'),
  }),
  changedAt: (eb) => eb.ref('u.updated_at'),
  scope: USER_SCOPE,
  search: (eb) => sql<string>`(lower(${eb.ref('u.email')}) || ' ' || lower(${eb.ref('u.name')}))`,
  filters: {
    status: (eb, status: UserStatus) => eb(effectiveStatus(eb), '=', status),
    insurerId: (eb, insurerId: string) => eb('u.insurer_id', '=', insurerId),
  } as const,
});

/** The same scope rule, as columns of a user query and as fields of the entity (loading a user to change them). */
export const USER_SCOPE_COLUMNS = USER_SCOPE;
export const USER_SCOPE_FIELDS = { agent: 'id', insurer: 'insurerId' };
