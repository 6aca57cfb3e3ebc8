import { sql } from 'kysely';
import { defineList } from '../../kernel/list.js';
import type { PolicyStatus } from './policy.entity.js';
import { policyViews } from './policy.view.js';

/** A policy belongs to its agent and to its insurer: the columns of the data scope. */
export const POLICY_SCOPE_COLUMNS = { agent: 'p.agent_id', insurer: 'p.insurer_id' } as const;
export const POLICY_SCOPE_FIELDS = { agent: 'agentId', insurer: 'insurerId' };

/**
 * GET /policies: newest first by default; `q` over policy number and holder name (the trigram index
 * policies_search_trgm_idx on the same expression).
 */
export const POLICY_LIST = defineList({
  name: 'policies',
  rows: policyViews,
  sortable: ['createdAt', 'effectiveFrom', 'effectiveTo', 'policyNumber', 'holderName'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('p.created_at'),
    effectiveFrom: eb.ref('p.effective_from'),
    effectiveTo: eb.ref('p.effective_to'),
    policyNumber: eb.ref('p.policy_number'),
    holderName: eb.ref('p.holder_name'),
    id: eb.ref('p.id'),
  }),
  changedAt: (eb) => eb.ref('p.updated_at'),
  scope: POLICY_SCOPE_COLUMNS,
  search: (eb) => sql<string>`(lower(${eb.ref('p.policy_number')}) || ' ' || lower(${eb.ref('p.holder_name')}))`,
  filters: {
    status: (eb, status: PolicyStatus) => eb('p.status', '=', status),
    agentId: (eb, agentId: string) => eb('p.agent_id', '=', agentId),
    insurerId: (eb, insurerId: string) => eb('p.insurer_id', '=', insurerId),
    effectiveToBefore: (eb, date: string) => eb('p.effective_to', '<=', sql<string>`${date}::date`),
    // `day`: today by the service's clock, which listPolicies gives with the flag.
    hasArrears: (eb, { has, day }: { has: boolean; day: string }) => {
      const arrears = eb.exists(
        eb
          .selectFrom('premium_instalments as i')
          .select('i.id')
          .whereRef('i.policy_id', '=', 'p.id')
          .where('i.status', '=', 'due')
          .where('i.due_on', '<', sql<string>`${day}::date`),
      );
      return has ? arrears : eb.not(arrears);
    },
    premiumDueBefore: (eb, date: string) =>
      eb.exists(
        eb
          .selectFrom('premium_instalments as i')
          .select('i.id')
          .whereRef('i.policy_id', '=', 'p.id')
          .where('i.status', '=', 'due')
          .where('i.due_on', '<=', sql<string>`${date}::date`),
      ),
  } as const,
});
