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
    dispatchAttempts: p.integer().defaultRaw('0'),
    lastError: p.text().nullable(),
  }),
});

/**
 * One audited change. seq, prevHash and hash are set by the chainer, in transaction order: by the id of
 * the transaction that wrote the entry (`txId`, set by PostgreSQL), then by `commitSeq` within it.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_entries',
  properties: (p) => ({
    id: p.uuid().primary(),
    commitSeq: p.bigint('string'),
    txId: p.string().columnType('xid8').defaultRaw('pg_current_xact_id()'),
    seq: p.bigint('string').nullable(),
    prevHash: p.text().nullable(),
    hash: p.text().nullable(),
    actor: p.text(),
    action: p.text(),
    subjectType: p.text(),
    subjectId: p.text().nullable(),
    requestId: p.text().nullable(),
    correlationId: p.text().nullable(),
    ip: p.text().nullable(),
    summary: p.json<Record<string, unknown>>().defaultRaw(`'{}'::jsonb`),
    occurredAt: p.datetime(),
    chainedAt: p.datetime().nullable(),
    // The entry's data scope, set by a trigger when it is written (Migration20261125000500).
    subjectAgentId: p.uuid().nullable(),
    subjectInsurerId: p.text().nullable(),
    actorInsurerId: p.text().nullable(),
  }),
});

/** The last chained entry: the single row the chainer locks. */
export const AuditChainHead = defineEntity({
  name: 'AuditChainHead',
  tableName: 'audit_chain_head',
  properties: (p) => ({
    singleton: p.boolean().primary(),
    lastSeq: p.bigint('string'),
    lastHash: p.text(),
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

declare module './database.js' {
  interface Tables
    extends TablesOf<
      typeof OutboxRow | typeof AuditEntry | typeof AuditChainHead | typeof IdempotencyRecord | typeof DomainEvent
    > {}
}
