import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.js';

export const GENESIS_HASH = '0'.repeat(64);

/** The stored fields an audit hash covers. */
export interface ChainableEntry {
  id: string;
  seq: number;
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string | null;
  requestId: string | null;
  ip: string | null;
  summary: unknown;
  occurredAt: string;
}

/** hash = SHA-256(prevHash + canonical JSON of the entry). */
export function entryHash(prevHash: string, entry: ChainableEntry): string {
  return createHash('sha256').update(prevHash + canonicalJson(entry)).digest('hex');
}

/** Columns of audit_entries selected as a ChainableEntry (seq supplied separately while chaining). */
export const CHAINABLE_COLUMNS = `id, seq, prev_hash, hash, actor, action, subject_type, subject_id, request_id, ip, summary,
  to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at`;

export interface AuditRow {
  id: string; seq: string | null; prev_hash: string | null; hash: string | null; actor: string; action: string;
  subject_type: string; subject_id: string | null; request_id: string | null; ip: string | null; summary: unknown; occurred_at: string;
}

export function toChainable(row: AuditRow, seq: number): ChainableEntry {
  return {
    id: row.id, seq, actor: row.actor, action: row.action, subjectType: row.subject_type, subjectId: row.subject_id,
    requestId: row.request_id, ip: row.ip, summary: row.summary, occurredAt: row.occurred_at,
  };
}
