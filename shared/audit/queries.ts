import { Conditions, type KeysetQuery } from '../db/keyset.js';
import type { Orm } from '../db/orm.js';

export interface AuditFilters { subjectType?: string; subjectId?: string; actorId?: string; action?: string; from?: string; to?: string }

export interface AuditListItem {
  id: string; seq: number | null; prevHash: string | null; hash: string | null; actorId: string; action: string;
  subjectType: string; subjectId: string | null; requestId: string | null; ip: string | null; summary: Record<string, unknown>; occurredAt: string;
}


/** Filtered audit entries in keyset order; fetches limit + 1 rows so the caller knows whether there is a next page. */
export async function listAuditEntries(orm: Orm, filters: AuditFilters, keyset: KeysetQuery): Promise<AuditListItem[]> {
  const where = new Conditions();
  if (filters.subjectType) where.add('subject_type = ?', filters.subjectType);
  if (filters.subjectId) where.add('subject_id = ?', filters.subjectId);
  if (filters.actorId) where.add('actor = ?', filters.actorId);
  if (filters.action) where.add('action = ?', filters.action);
  if (filters.from) where.add('occurred_at >= ?::timestamptz', filters.from);
  if (filters.to) where.add('occurred_at < ?::timestamptz', filters.to);
  if (keyset.after) where.add(keyset.after.sql, ...keyset.after.params);
  const rows = await orm.em.fork().execute<Record<string, unknown>[]>(
    `select id, seq, prev_hash, hash, actor, action, subject_type, subject_id, request_id, ip, summary, occurred_at
       from audit_entries ${where.where()}
      order by ${keyset.orderBy} limit ${keyset.limit + 1}`,
    where.params,
  );
  return rows.map((r) => ({
    id: r.id as string, seq: r.seq === null ? null : Number(r.seq), prevHash: r.prev_hash as string | null, hash: r.hash as string | null,
    actorId: r.actor as string, action: r.action as string, subjectType: r.subject_type as string, subjectId: r.subject_id as string | null,
    requestId: r.request_id as string | null, ip: r.ip as string | null, summary: r.summary as Record<string, unknown>,
    occurredAt: new Date(r.occurred_at as string | Date).toISOString(),
  }));
}
