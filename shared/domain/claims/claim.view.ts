import type { EntityManager } from '@mikro-orm/postgresql';
import { type InferResult, sql } from 'kysely';
import { db, iso } from '../../db/database.js';
import type { Money } from '../policies/policy.view.js';
import type { ClaimReasons, ClaimStatus } from './claim.entity.js';

/** A claim as lists show it. */
export interface ClaimView {
  id: string;
  claimNumber: string;
  status: ClaimStatus;
  policyId: string;
  agentId: string;
  insurerId: string;
  catastropheEventId: string | null;
  incidentDate: string;
  description: string;
  claimedAmount: Money;
  settledAmount: Money | null;
  paidAmount: Money;
  assigneeId: string | null;
  appealCount: number;
  reasons: ClaimReasons;
  requestedDocuments: string[] | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /claims/{id}: the claim with its sub-records and its own history, oldest first. */
export interface ClaimDetail extends ClaimView {
  payments: {
    id: string;
    amount: Money;
    method: string;
    reference: string;
    paidAt: string;
    recordedBy: string;
    createdAt: string;
  }[];
  notes: { id: string; body: string; author: string; createdAt: string }[];
  documents: {
    id: string;
    name: string;
    contentType: string;
    sizeBytes: number;
    sha256: string;
    url: string;
    addedBy: string;
    createdAt: string;
  }[];
  history: {
    type: string;
    actor: string;
    occurredAt: string;
    requestId: string | null;
    data: Record<string, unknown>;
  }[];
}

export function claimViews(em: EntityManager) {
  return db(em)
    .selectFrom('claims as c')
    .select([
      'c.id',
      'c.claim_number',
      'c.status',
      'c.policy_id',
      'c.agent_id',
      'c.insurer_id',
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

/** The claim with its payments, notes, documents and history: five small indexed reads. */
export async function loadClaimDetail(em: EntityManager, id: string): Promise<ClaimDetail | null> {
  const row = await claimViews(em).where('c.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [payments, notes, documents, history] = await Promise.all([
    db(em)
      .selectFrom('claim_payments')
      .select(['id', 'currency', 'method', 'reference', 'paid_at', 'recorded_by', 'created_at'])
      .select(sql<string>`amount_minor::text`.as('amount_minor'))
      .where('claim_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db(em)
      .selectFrom('claim_notes')
      .selectAll()
      .where('claim_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db(em)
      .selectFrom('claim_documents')
      .select(['id', 'name', 'content_type', 'sha256', 'url', 'added_by', 'created_at'])
      .select(sql<string>`size_bytes::text`.as('size_bytes'))
      .where('claim_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db(em)
      .selectFrom('domain_events')
      .select(['type', 'actor', 'occurred_at', 'request_id', 'data'])
      .where('stream_type', '=', 'claim')
      .where('stream_id', '=', id)
      .orderBy('seq')
      .execute(),
  ]);
  return {
    ...toClaimView(row),
    payments: payments.map((p) => ({
      id: p.id,
      amount: money(p.amount_minor, p.currency),
      method: p.method,
      reference: p.reference,
      paidAt: iso(p.paid_at),
      recordedBy: p.recorded_by,
      createdAt: iso(p.created_at),
    })),
    notes: notes.map((n) => ({ id: n.id, body: n.body, author: n.author, createdAt: iso(n.created_at) })),
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      contentType: d.content_type,
      sizeBytes: Number(d.size_bytes),
      sha256: d.sha256,
      url: d.url,
      addedBy: d.added_by,
      createdAt: iso(d.created_at),
    })),
    history: history.map((h) => ({
      type: h.type,
      actor: h.actor,
      occurredAt: iso(h.occurred_at),
      requestId: h.request_id,
      data: h.data,
    })),
  };
}
