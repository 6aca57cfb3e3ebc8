import { type InferResult, sql } from 'kysely';
import { db, iso, isoOrNull, type Source } from '../../db/database.js';
import { defineList } from '../../kernel/list.js';
import type { PublishedEventType, PublishInput } from '../../kernel/published-events.js';
import type { DisputeStatus, DisputeSubject } from './dispute.entity.js';
import type { DisputeView } from './dispute.schemas.js';

export const disputeRows = (em: Source) => db(em).selectFrom('disputes as d').selectAll('d');
export type DisputeRow = InferResult<ReturnType<typeof disputeRows>>[number];

export const toDisputeView = (r: DisputeRow): DisputeView => ({
  id: r.id,
  disputeNumber: r.dispute_number,
  status: r.status,
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  raisedBy: r.raised_by,
  raisedAt: iso(r.created_at),
  reason: r.reason,
  description: r.description,
  severity: r.severity,
  assigneeId: r.assignee_id,
  triageNote: r.triage_note,
  outcome: r.outcome,
  resolution: r.resolution,
  withdrawReason: r.withdraw_reason,
  responseDueAt: iso(r.response_due_at),
  resolvedAt: isoOrNull(r.resolved_at),
  closedAt: isoOrNull(r.closed_at),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/**
 * GET /disputes. A dispute belongs to whoever raised it, not to an agent or insurer: its visibility is
 * its own rule (raiser or scope all), applied by the service as the `raisedBy` condition.
 */
export const DISPUTE_LIST = defineList({
  name: 'disputes',
  rows: disputeRows,
  sortable: ['createdAt', 'responseDueAt', 'disputeNumber'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('d.created_at'),
    responseDueAt: eb.ref('d.response_due_at'),
    disputeNumber: eb.ref('d.dispute_number'),
    id: eb.ref('d.id'),
  }),
  changedAt: (eb) => eb.ref('d.updated_at'),
  scope: 'none',
  search: (eb) => sql<string>`(lower(${eb.ref('d.dispute_number')}) || ' ' || lower(${eb.ref('d.reason')}))`,
  filters: {
    status: (eb, status: DisputeStatus) => eb('d.status', '=', status),
    subjectType: (eb, subjectType: DisputeSubject) => eb('d.subject_type', '=', subjectType),
    subjectId: (eb, subjectId: string) => eb('d.subject_id', '=', subjectId),
    raisedBy: (eb, userId: string) => eb('d.raised_by', '=', userId),
  } as const,
});

export const loadDisputeView = async (em: Source, id: string) =>
  toDisputeView((await disputeRows(em).where('d.id', '=', id).executeTakeFirst())!);

/**
 * A dispute's integration event. A dispute is seen by its raiser and by scope all, so it is owned as
 * an agent's record of its raiser: endpoints of scope all and the raiser's own hear of it.
 */
export const disputePublished = (
  type: PublishedEventType,
  dispute: { id: string; raisedBy: string },
): PublishInput => ({
  type,
  subject: { type: 'dispute', id: dispute.id },
  owner: { agentId: dispute.raisedBy, insurerId: null },
  data: (em) => loadDisputeView(em, dispute.id),
});
