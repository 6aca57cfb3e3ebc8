import { sql } from 'kysely';
import { defineList } from '../../kernel/list.js';
import type { RenewalStatus } from './renewal.entity.js';
import { renewalViews } from './renewal.view.js';

/** A renewal is scoped like its policy: by the agent and insurer it carries. */
export const RENEWAL_SCOPE_COLUMNS = { agent: 'r.agent_id', insurer: 'r.insurer_id' } as const;
export const RENEWAL_SCOPE_FIELDS = { agent: 'agentId', insurer: 'insurerId' };

/** GET /renewals: newest first by default; `q` over renewal and policy numbers (renewals_search_trgm_idx). */
export const RENEWAL_LIST = defineList({
  name: 'renewals',
  rows: renewalViews,
  sortable: ['createdAt', 'termFrom', 'renewalNumber'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('r.created_at'),
    termFrom: eb.ref('r.term_from'),
    renewalNumber: eb.ref('r.renewal_number'),
    id: eb.ref('r.id'),
  }),
  changedAt: (eb) => eb.ref('r.updated_at'),
  scope: RENEWAL_SCOPE_COLUMNS,
  search: (eb) => sql<string>`(lower(${eb.ref('r.renewal_number')}) || ' ' || lower(${eb.ref('r.policy_number')}))`,
  filters: {
    status: (eb, status: RenewalStatus) => eb('r.status', '=', status),
    agentId: (eb, agentId: string) => eb('r.agent_id', '=', agentId),
  } as const,
});
