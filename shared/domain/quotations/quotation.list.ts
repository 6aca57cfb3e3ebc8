import { sql } from 'kysely';
import { defineList } from '../../kernel/list.js';
import type { QuotationStatus } from './quotation.entity.js';
import { quotationViews } from './quotation.view.js';

/** A quotation belongs to its agent and to its insurer, like a policy. */
export const QUOTATION_SCOPE_COLUMNS = { agent: 'q.agent_id', insurer: 'q.insurer_id' } as const;
export const QUOTATION_SCOPE_FIELDS = { agent: 'agentId', insurer: 'insurerId' };

/**
 * GET /quotations: newest first by default; `q` over quotation number and applicant name (the
 * trigram index quotations_search_trgm_idx on the same expression).
 */
export const QUOTATION_LIST = defineList({
  name: 'quotations',
  rows: quotationViews,
  sortable: ['createdAt', 'validUntil', 'quotationNumber', 'applicantName'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('q.created_at'),
    validUntil: sql`coalesce(${eb.ref('q.valid_until')}, '-infinity'::date)`,
    quotationNumber: eb.ref('q.quotation_number'),
    applicantName: eb.ref('q.applicant_name'),
    id: eb.ref('q.id'),
  }),
  changedAt: (eb) => eb.ref('q.updated_at'),
  scope: QUOTATION_SCOPE_COLUMNS,
  search: (eb) => sql<string>`(lower(${eb.ref('q.quotation_number')}) || ' ' || lower(${eb.ref('q.applicant_name')}))`,
  filters: {
    status: (eb, status: QuotationStatus) => eb('q.status', '=', status),
    agentId: (eb, agentId: string) => eb('q.agent_id', '=', agentId),
    insurerId: (eb, insurerId: string) => eb('q.insurer_id', '=', insurerId),
  } as const,
});
