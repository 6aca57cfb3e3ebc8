import type { EntityManager } from '@mikro-orm/postgresql';
import { type InferResult, sql } from 'kysely';
import { db, iso } from '../../db/database.js';
import type { DataScope } from '../access/scope.js';
import { eventVisibleTo, visibilitiesFor } from '../access/visibility.js';
import type { ClaimHistoryEntry } from './claim.schemas.js';
import type { ClaimDocumentView, ClaimNoteView, ClaimPaymentView } from './claim-records.schemas.js';

const paymentRows = (em: EntityManager) =>
  db(em)
    .selectFrom('claim_payments')
    .select(['id', 'claim_id', 'currency', 'method', 'reference', 'paid_at', 'recorded_by', 'created_at'])
    .select(sql<string>`amount_minor::text`.as('amount_minor'));
const noteRows = (em: EntityManager) =>
  db(em).selectFrom('claim_notes').select(['id', 'claim_id', 'body', 'visibility', 'author', 'created_at']);
const documentRows = (em: EntityManager) =>
  db(em)
    .selectFrom('claim_documents')
    .select(['id', 'claim_id', 'name', 'content_type', 'sha256', 'url', 'added_by', 'created_at'])
    .select(sql<string>`size_bytes::text`.as('size_bytes'));

const toPaymentView = (p: InferResult<ReturnType<typeof paymentRows>>[number]): ClaimPaymentView => ({
  id: p.id,
  amount: { amountMinor: Number(p.amount_minor), currency: p.currency },
  method: p.method,
  reference: p.reference,
  paidAt: iso(p.paid_at),
  recordedBy: p.recorded_by,
  createdAt: iso(p.created_at),
});
const toNoteView = (n: InferResult<ReturnType<typeof noteRows>>[number]): ClaimNoteView => ({
  id: n.id,
  body: n.body,
  visibility: n.visibility,
  author: n.author,
  createdAt: iso(n.created_at),
});
const toDocumentView = (d: InferResult<ReturnType<typeof documentRows>>[number]): ClaimDocumentView => ({
  id: d.id,
  name: d.name,
  contentType: d.content_type,
  sizeBytes: Number(d.size_bytes),
  sha256: d.sha256,
  url: d.url,
  addedBy: d.added_by,
  createdAt: iso(d.created_at),
});

/** One record just written, read back as the API shows it (the answer of its POST). */
export const loadPaymentView = async (em: EntityManager, id: string) =>
  toPaymentView(await paymentRows(em).where('id', '=', id).executeTakeFirstOrThrow());
export const loadNoteView = async (em: EntityManager, id: string) =>
  toNoteView(await noteRows(em).where('id', '=', id).executeTakeFirstOrThrow());
export const loadDocumentView = async (em: EntityManager, id: string) =>
  toDocumentView(await documentRows(em).where('id', '=', id).executeTakeFirstOrThrow());

/**
 * A claim's payments, notes, documents and history, oldest first, as `viewer` may see them: an agent
 * sees only shared notes, and no history event of an internal one.
 */
export async function loadClaimRecords(em: EntityManager, claimId: string, viewer: DataScope) {
  const [payments, notes, documents, history] = await Promise.all([
    paymentRows(em).where('claim_id', '=', claimId).orderBy('created_at').orderBy('id').execute(),
    noteRows(em)
      .where('claim_id', '=', claimId)
      .where('visibility', 'in', visibilitiesFor(viewer))
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    documentRows(em).where('claim_id', '=', claimId).orderBy('created_at').orderBy('id').execute(),
    db(em)
      .selectFrom('domain_events')
      .select(['type', 'actor', 'occurred_at', 'request_id', 'data'])
      .where('stream_type', '=', 'claim')
      .where('stream_id', '=', claimId)
      .where((eb) => eventVisibleTo(eb, viewer, 'data'))
      .orderBy('seq')
      .execute(),
  ]);
  return {
    payments: payments.map(toPaymentView),
    notes: notes.map(toNoteView),
    documents: documents.map(toDocumentView),
    history: history.map(
      (h): ClaimHistoryEntry => ({
        type: h.type,
        actor: h.actor,
        occurredAt: iso(h.occurred_at),
        requestId: h.request_id,
        data: h.data,
      }),
    ),
  };
}
