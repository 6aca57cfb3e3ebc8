import { type InferResult, sql } from 'kysely';
import { db, iso, type Source } from '../../db/database.js';
import type { DataScope } from '../../kernel/scope.js';
import { eventVisibleTo, visibilitiesFor } from '../access/index.js';
import type { ClaimHistoryEntry } from './claim.schemas.js';
import type { ClaimDocumentView, ClaimNoteView, ClaimPaymentView } from './claim-records.schemas.js';

export const paymentRows = (em: Source) =>
  db(em)
    .selectFrom('claim_payments')
    .select(['id', 'claim_id', 'currency', 'method', 'reference', 'paid_at', 'recorded_by', 'created_at'])
    .select(sql<string>`amount_minor::text`.as('amount_minor'));
export const noteRows = (em: Source) =>
  db(em).selectFrom('claim_notes').select(['id', 'claim_id', 'body', 'visibility', 'author', 'created_at']);
export const documentRows = (em: Source) =>
  db(em)
    .selectFrom('claim_documents')
    .select(['id', 'claim_id', 'name', 'content_type', 'sha256', 'url', 'added_by', 'created_at'])
    .select(sql<string>`size_bytes::text`.as('size_bytes'));

export const toPaymentView = (p: InferResult<ReturnType<typeof paymentRows>>[number]): ClaimPaymentView => ({
  id: p.id,
  claimId: p.claim_id,
  amount: { amountMinor: Number(p.amount_minor), currency: p.currency },
  method: p.method,
  reference: p.reference,
  paidAt: iso(p.paid_at),
  recordedBy: p.recorded_by,
  recordedAt: iso(p.created_at),
  createdAt: iso(p.created_at),
});
export const toNoteView = (n: InferResult<ReturnType<typeof noteRows>>[number]): ClaimNoteView => ({
  id: n.id,
  claimId: n.claim_id,
  body: n.body,
  visibility: n.visibility,
  addedBy: n.author,
  addedAt: iso(n.created_at),
  author: n.author,
  createdAt: iso(n.created_at),
});
export const toDocumentView = (d: InferResult<ReturnType<typeof documentRows>>[number]): ClaimDocumentView => ({
  id: d.id,
  claimId: d.claim_id,
  name: d.name,
  contentType: d.content_type,
  sizeBytes: Number(d.size_bytes),
  sha256: d.sha256,
  url: d.url,
  addedBy: d.added_by,
  addedAt: iso(d.created_at),
  createdAt: iso(d.created_at),
});

/** One record just written, read back as the API shows it (the answer of its POST). */
export const loadPaymentView = async (em: Source, id: string) =>
  toPaymentView(await paymentRows(em).where('id', '=', id).executeTakeFirstOrThrow());
export const loadNoteView = async (em: Source, id: string) =>
  toNoteView(await noteRows(em).where('id', '=', id).executeTakeFirstOrThrow());
export const loadDocumentView = async (em: Source, id: string) =>
  toDocumentView(await documentRows(em).where('id', '=', id).executeTakeFirstOrThrow());

/** A claim's history: the events of its stream, in the order they were written. */
export const historyRows = (em: Source) =>
  db(em)
    .selectFrom('domain_events as e')
    .select(['e.seq', 'e.type', 'e.actor', 'e.occurred_at', 'e.request_id', 'e.data'])
    .where('e.stream_type', '=', 'claim');

export const toHistoryEntry = (h: InferResult<ReturnType<typeof historyRows>>[number]): ClaimHistoryEntry => ({
  type: h.type,
  recordedBy: h.actor,
  recordedAt: iso(h.occurred_at),
  actor: h.actor,
  occurredAt: iso(h.occurred_at),
  requestId: h.request_id,
  data: h.data,
});

/** How many of each sub-record GET /claims/{id} embeds: the latest ones; the rest are paged at /claims/{id}/<records>. */
export const EMBEDDED_RECORDS = 20;

/** The latest EMBEDDED_RECORDS rows, oldest first, and how many there are in all (one query: the count is a window over the same rows). */
async function latest<R>(query: { execute(): Promise<(R & { total: string })[]> }) {
  const rows = await query.execute();
  return { rows: rows.reverse(), total: Number(rows[0]?.total ?? 0) };
}
const total = sql<string>`count(*) over ()`.as('total');

/**
 * A claim's latest payments, notes, documents and history entries (EMBEDDED_RECORDS of each, oldest
 * first) and how many there are, as `viewer` may see them: an agent sees only shared notes, and no
 * history event of an internal one. A claim with many records costs a reader no more than this.
 */
export async function loadClaimRecords(em: Source, claimId: string, viewer: DataScope) {
  const [payments, notes, documents, history] = await Promise.all([
    latest(
      paymentRows(em)
        .select(total)
        .where('claim_id', '=', claimId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(EMBEDDED_RECORDS),
    ),
    latest(
      noteRows(em)
        .select(total)
        .where('claim_id', '=', claimId)
        .where('visibility', 'in', visibilitiesFor(viewer))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(EMBEDDED_RECORDS),
    ),
    latest(
      documentRows(em)
        .select(total)
        .where('claim_id', '=', claimId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(EMBEDDED_RECORDS),
    ),
    latest(
      historyRows(em)
        .select(total)
        .where('e.stream_id', '=', claimId)
        .where((eb) => eventVisibleTo(eb, viewer, 'e.data'))
        .orderBy('e.seq', 'desc')
        .limit(EMBEDDED_RECORDS),
    ),
  ]);
  return {
    payments: payments.rows.map(toPaymentView),
    notes: notes.rows.map(toNoteView),
    documents: documents.rows.map(toDocumentView),
    history: history.rows.map(toHistoryEntry),
    counts: { payments: payments.total, notes: notes.total, documents: documents.total, history: history.total },
  };
}
