import { createHash } from 'node:crypto';
import { type InferResult, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { canonicalJson } from '../../kernel/canonical-json.js';

export const GENESIS_HASH = '0'.repeat(64);

/**
 * The stored fields an audit hash covers. `correlationId` is covered only where the entry has one:
 * entries written before it existed (or without one) hash exactly as they always did, so a chain
 * made then still verifies, and a correlation id cannot be added to, changed on or removed from a
 * chained entry unnoticed.
 */
export interface ChainableEntry {
  id: string;
  seq: number;
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string | null;
  requestId: string | null;
  correlationId?: string;
  ip: string | null;
  summary: unknown;
  occurredAt: string;
}

/** hash = SHA-256(prevHash + canonical JSON of the entry). */
export function entryHash(prevHash: string, entry: ChainableEntry): string {
  return createHash('sha256')
    .update(prevHash + canonicalJson(entry))
    .digest('hex');
}

/** The stored fields of an entry (`audit_entries as a`) that its hash covers, but its time; also what GET /audit shows of it. */
export const COVERED = [
  'a.id',
  'a.actor',
  'a.action',
  'a.subject_type',
  'a.subject_id',
  'a.request_id',
  'a.correlation_id',
  'a.ip',
  'a.summary',
] as const;

/** occurred_at formatted as the hash has it (UTC, milliseconds). */
const OCCURRED_AT = sql<string>`to_char(a.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
  'occurred_at',
);

/** Audit entries (`a`) with the stored fields a hash covers. */
export const selectChainable = (k: Kysely<Database>) =>
  k.selectFrom('audit_entries as a').select([...COVERED, OCCURRED_AT]);

/** The chain in seq order: each link (`l`) with its entry's covered fields; a link whose entry is gone is left out. */
export const selectLinked = (k: Kysely<Database>) =>
  k
    .selectFrom('audit_links as l')
    .innerJoin('audit_entries as a', 'a.id', 'l.entry_id')
    .select(['l.seq', 'l.prev_hash', 'l.hash', ...COVERED, OCCURRED_AT]);

export type AuditRow = InferResult<ReturnType<typeof selectChainable>>[number];

export function toChainable(row: AuditRow, seq: number): ChainableEntry {
  return {
    id: row.id,
    seq,
    actor: row.actor,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    requestId: row.request_id,
    ...(row.correlation_id === null ? {} : { correlationId: row.correlation_id }),
    ip: row.ip,
    summary: row.summary,
    occurredAt: row.occurred_at,
  };
}
