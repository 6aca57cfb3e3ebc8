import { type InferResult, sql } from 'kysely';
import { db, iso, type Source } from '../../db/database.js';
import type { Money } from '../../kernel/money.js';
import type { DataScope } from '../../kernel/scope.js';
import type { ClaimDetailView, ClaimView } from './claim.schemas.js';
import { loadClaimRecords } from './claim-records.view.js';

export function claimViews(em: Source) {
  return db(em)
    .selectFrom('claims as c')
    .select([
      'c.id',
      'c.claim_number',
      'c.status',
      'c.policy_id',
      'c.agent_id',
      'c.insurer_id',
      'c.filed_by',
      'c.catastrophe_event_id',
      'c.description',
      'c.currency',
      'c.assignee_id',
      'c.appeal_count',
      'c.reasons',
      'c.requested_documents',
      'c.created_at',
      'c.updated_at',
    ])
    .select((eb) => [
      sql<string>`${eb.ref('c.incident_date')}::text`.as('incident_date'),
      sql<string>`${eb.ref('c.claimed_amount_minor')}::text`.as('claimed_amount_minor'),
      sql<string | null>`${eb.ref('c.settled_amount_minor')}::text`.as('settled_amount_minor'),
      sql<string>`${eb.ref('c.paid_amount_minor')}::text`.as('paid_amount_minor'),
    ]);
}

export type ClaimViewRow = InferResult<ReturnType<typeof claimViews>>[number];

const money = (minor: string, currency: string): Money => ({ amountMinor: Number(minor), currency });

export function toClaimView(r: ClaimViewRow): ClaimView {
  return {
    id: r.id,
    claimNumber: r.claim_number,
    status: r.status,
    policyId: r.policy_id,
    agentId: r.agent_id,
    insurerId: r.insurer_id,
    filedBy: r.filed_by,
    filedAt: iso(r.created_at),
    catastropheEventId: r.catastrophe_event_id,
    incidentDate: r.incident_date,
    description: r.description,
    claimedAmount: money(r.claimed_amount_minor, r.currency),
    settledAmount: r.settled_amount_minor === null ? null : money(r.settled_amount_minor, r.currency),
    paidAmount: money(r.paid_amount_minor, r.currency),
    assigneeId: r.assignee_id,
    appealCount: r.appeal_count,
    reasons: r.reasons,
    requestedDocuments: r.requested_documents,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The claim without its records, as lists return it (the data of its integration events). */
export async function loadClaimView(em: Source, id: string): Promise<ClaimView | null> {
  const row = await claimViews(em).where('c.id', '=', id).executeTakeFirst();
  return row ? toClaimView(row) : null;
}

/** The claim with its payments, notes, documents and history as `viewer` may see them: five small indexed reads. */
export async function loadClaimDetail(em: Source, id: string, viewer: DataScope): Promise<ClaimDetailView | null> {
  const [row, records] = await Promise.all([
    claimViews(em).where('c.id', '=', id).executeTakeFirst(),
    loadClaimRecords(em, id, viewer),
  ]);
  return row ? { ...toClaimView(row), ...records } : null;
}
