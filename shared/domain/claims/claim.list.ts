import { sql } from 'kysely';
import { defineList } from '../../kernel/list.js';
import type { ClaimStatus } from './claim.entity.js';
import { claimViews } from './claim.view.js';

/** A claim is scoped like its policy: by the agent and insurer it carries. */
export const CLAIM_SCOPE_COLUMNS = { agent: 'c.agent_id', insurer: 'c.insurer_id' } as const;
export const CLAIM_SCOPE_FIELDS = { agent: 'agentId', insurer: 'insurerId' };

/** GET /claims: newest first by default; `q` over claim number and description (claims_search_trgm_idx). */
export const CLAIM_LIST = defineList({
  name: 'claims',
  rows: claimViews,
  sortable: ['createdAt', 'incidentDate', 'claimNumber'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('c.created_at'),
    incidentDate: eb.ref('c.incident_date'),
    claimNumber: eb.ref('c.claim_number'),
    id: eb.ref('c.id'),
  }),
  changedAt: (eb) => eb.ref('c.updated_at'),
  scope: CLAIM_SCOPE_COLUMNS,
  search: (eb) => sql<string>`(lower(${eb.ref('c.claim_number')}) || ' ' || lower(${eb.ref('c.description')}))`,
  filters: {
    status: (eb, status: ClaimStatus) => eb('c.status', '=', status),
    policyId: (eb, policyId: string) => eb('c.policy_id', '=', policyId),
    agentId: (eb, agentId: string) => eb('c.agent_id', '=', agentId),
    catastropheEventId: (eb, id: string) => eb('c.catastrophe_event_id', '=', id),
  } as const,
});
