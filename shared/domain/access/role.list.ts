import { defineList } from '../../kernel/list.js';
import { roleViews } from './role.view.js';

/** GET /roles: by name by default; roles are platform-wide, so every caller sees all of them. */
export const ROLE_LIST = defineList({
  name: 'roles',
  rows: roleViews,
  sortable: ['name', 'createdAt'] as const,
  defaultSort: 'name',
  sortKeys: (eb) => ({
    name: eb.fn<string>('lower', ['r.name']),
    createdAt: eb.ref('r.created_at'),
    id: eb.ref('r.id'),
  }),
  changedAt: (eb) => eb.ref('r.updated_at'),
  scope: 'none',
  filters: {},
});
