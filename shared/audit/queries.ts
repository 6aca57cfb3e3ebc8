import { db, iso } from '../db/database.js';
import { keysetPage, type Keyset } from '../db/keyset.js';
import type { Orm } from '../db/orm.js';

export interface AuditFilters { subjectType?: string; subjectId?: string; actorId?: string; action?: string; from?: string; to?: string }

export interface AuditListItem {
  id: string; seq: number | null; prevHash: string | null; hash: string | null; actorId: string; action: string;
  subjectType: string; subjectId: string | null; requestId: string | null; ip: string | null; summary: Record<string, unknown>; occurredAt: string;
}

/** Filtered audit entries in keyset order; fetches limit + 1 rows so the caller knows whether there is a next page. */
export async function listAuditEntries(orm: Orm, filters: AuditFilters, keyset: Keyset<'occurredAt'>): Promise<AuditListItem[]> {
  let query = db(orm.em.fork()).selectFrom('audit_entries')
    .select(['id', 'seq', 'prev_hash', 'hash', 'actor', 'action', 'subject_type', 'subject_id', 'request_id', 'ip', 'summary', 'occurred_at']);
  if (filters.subjectType) query = query.where('subject_type', '=', filters.subjectType);
  if (filters.subjectId) query = query.where('subject_id', '=', filters.subjectId);
  if (filters.actorId) query = query.where('actor', '=', filters.actorId);
  if (filters.action) query = query.where('action', '=', filters.action);
  if (filters.from) query = query.where('occurred_at', '>=', filters.from);
  if (filters.to) query = query.where('occurred_at', '<', filters.to);
  const rows = await keysetPage(query, keyset, (eb) => ({ occurredAt: eb.ref('occurred_at'), id: eb.ref('id') })).execute();
  return rows.map((r) => ({
    id: r.id, seq: r.seq === null ? null : Number(r.seq), prevHash: r.prev_hash, hash: r.hash, actorId: r.actor, action: r.action,
    subjectType: r.subject_type, subjectId: r.subject_id, requestId: r.request_id, ip: r.ip, summary: r.summary, occurredAt: iso(r.occurred_at),
  }));
}
