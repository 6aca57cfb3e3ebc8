import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from './database.js';

/** A job written in the same transaction as the change it follows; the relay moves it to BullMQ. */
export const OutboxRow = defineEntity({
  name: 'OutboxRow',
  tableName: 'outbox',
  properties: (p) => ({
    id: p.uuid().primary(),
    queue: p.text(),
    jobName: p.text(),
    payload: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().defaultRaw('now()'),
    dispatchedAt: p.datetime().nullable(),
    /** The BullMQ job that carries the row, once relayed: its own id, or a merged job's (kernel/outbox-jobs.ts). */
    jobId: p.text().nullable(),
    dispatchAttempts: p.integer().defaultRaw('0'),
    lastError: p.text().nullable(),
  }),
});

/**
 * One audited change, written once and never updated. The chainer gives it its place in the hash chain
 * (an `AuditLink`) in transaction order: by the id of the transaction that wrote the entry (`txId`, set
 * by PostgreSQL), then by `commitSeq` within it.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_entries',
  properties: (p) => ({
    id: p.uuid().primary(),
    commitSeq: p.bigint('string'),
    txId: p.string().columnType('xid8').defaultRaw('pg_current_xact_id()'),
    actor: p.text(),
    action: p.text(),
    subjectType: p.text(),
    subjectId: p.text().nullable(),
    requestId: p.text().nullable(),
    correlationId: p.text().nullable(),
    ip: p.text().nullable(),
    summary: p.json<Record<string, unknown>>().defaultRaw(`'{}'::jsonb`),
    occurredAt: p.datetime(),
    // The entry's data scope, set by a trigger when it is written (Migration20261125000500).
    subjectAgentId: p.uuid().nullable(),
    subjectInsurerId: p.text().nullable(),
    actorInsurerId: p.text().nullable(),
  }),
});

/** An audit entry's place in the hash chain: `hash = SHA-256(prevHash + canonical JSON of the entry)`. Appended, never updated. */
export const AuditLink = defineEntity({
  name: 'AuditLink',
  tableName: 'audit_links',
  properties: (p) => ({
    seq: p.bigint('string').primary(),
    entryId: p.uuid().unique(),
    prevHash: p.text(),
    hash: p.text(),
    chainedAt: p.datetime().defaultRaw('now()'),
  }),
});

/**
 * The last chained entry: its seq and hash, and its place in transaction order (`lastTxId`,
 * `lastCommitSeq`), after which the chainer looks for the next entries. The single row the chainer locks.
 */
export const AuditChainHead = defineEntity({
  name: 'AuditChainHead',
  tableName: 'audit_chain_head',
  properties: (p) => ({
    singleton: p.boolean().primary(),
    lastSeq: p.bigint('string'),
    lastHash: p.text(),
    lastTxId: p.string().columnType('xid8').defaultRaw(`'0'::xid8`),
    lastCommitSeq: p.bigint('string').defaultRaw('0'),
  }),
});

/** An Idempotency-Key claim, completed with the response inside the change's transaction. */
export const IdempotencyRecord = defineEntity({
  name: 'IdempotencyRecord',
  tableName: 'idempotency_records',
  properties: (p) => ({
    caller: p.text().primary(),
    method: p.text().primary(),
    path: p.text().primary(),
    key: p.text().primary(),
    requestHash: p.text(),
    state: p.text().$type<'in_progress' | 'completed'>(),
    responseStatus: p.integer().nullable(),
    responseBody: p.json<unknown>().nullable(),
    lockedUntil: p.datetime().nullable(),
    /** The id of the request holding an in-progress claim: only it may complete or release the claim. */
    claimId: p.uuid().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});

/** A domain event on a record's stream (a policy's timeline), written by the unit of work with its change. */
export const DomainEvent = defineEntity({
  name: 'DomainEvent',
  tableName: 'domain_events',
  properties: (p) => ({
    seq: p.bigint('string').primary().autoincrement(),
    streamType: p.text(),
    streamId: p.uuid(),
    type: p.text(),
    subjectType: p.text(),
    subjectId: p.text(),
    actor: p.text(),
    requestId: p.text().nullable(),
    data: p.json<Record<string, unknown>>().defaultRaw(`'{}'::jsonb`),
    occurredAt: p.datetime().defaultRaw('now()'),
  }),
});

/**
 * An integration event (GET /events, outbound webhooks): `data` is the resource as GET returned it
 * when the change committed. Ordered by (txId, seq) and read only below the oldest running
 * transaction, so no event can ever appear before one a reader has passed.
 */
export const PublishedEvent = defineEntity({
  name: 'PublishedEvent',
  tableName: 'published_events',
  properties: (p) => ({
    id: p.uuid().primary(),
    type: p.text(),
    subjectType: p.text(),
    subjectId: p.text(),
    agentId: p.uuid().nullable(),
    insurerId: p.text().nullable(),
    actor: p.text(),
    requestId: p.text().nullable(),
    data: p.json<unknown>(),
    occurredAt: p.datetime().defaultRaw('now()'),
    txId: p.string().columnType('xid8').defaultRaw('pg_current_xact_id()'),
    seq: p.bigint('string').autoincrement(),
  }),
});

declare module './database.js' {
  interface Tables
    extends TablesOf<
      | typeof OutboxRow
      | typeof AuditEntry
      | typeof AuditLink
      | typeof AuditChainHead
      | typeof IdempotencyRecord
      | typeof DomainEvent
      | typeof PublishedEvent
    > {}
}
