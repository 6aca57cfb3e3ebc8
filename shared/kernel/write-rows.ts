import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../db/database.js';
import { uuidv7 } from './ids.js';
import { traceOf, withTrace } from './trace.js';
import type { AuditInput, EventInput, JobInput, WriteContext } from './write-context.js';

// The rows a unit of work writes beside its change: domain events, outbox rows and audit entries.

export async function writeEvents(em: EntityManager, ctx: WriteContext, events: EventInput[]): Promise<void> {
  await db(em)
    .insertInto('domain_events')
    .values(
      events.map((e) => ({
        stream_type: e.stream.type,
        stream_id: e.stream.id,
        type: e.type,
        subject_type: e.subjectType,
        subject_id: e.subjectId,
        actor: ctx.actor,
        request_id: ctx.requestId ?? null,
        data: e.data ?? {},
      })),
    )
    .execute();
}

/** An outbox row: each job carries the ids of the request that caused it, for the worker's log lines and audit entries. */
export function outboxRow(ctx: WriteContext, j: JobInput) {
  return { id: uuidv7(), queue: j.queue, job_name: j.name, payload: withTrace(j.payload, traceOf(ctx)) };
}

/**
 * An audit entry's row. No lock: audited transactions commit in parallel. PostgreSQL stamps each entry
 * with its transaction's id (tx_id), and the chainer orders by it once that transaction has ended.
 */
export function auditRow(ctx: WriteContext, e: AuditInput, occurredAt: Date) {
  return {
    id: uuidv7(),
    commit_seq: sql<string>`nextval('audit_commit_seq')`,
    actor: ctx.actor,
    action: e.action,
    subject_type: e.subjectType,
    subject_id: e.subjectId ?? null,
    request_id: (e.request ?? ctx).requestId ?? null,
    correlation_id: (e.request ?? ctx).correlationId ?? null,
    ip: (e.request ?? ctx).ip ?? null,
    summary: e.summary ?? {},
    occurred_at: occurredAt,
  };
}

/**
 * Every write pays for this, so one round trip: the outbox rows (a trigger wakes the relay, see
 * Migration20261124000200) and the audit entries, as one statement when there are both.
 */
export async function writeOutboxAndAudit(
  em: EntityManager,
  ctx: WriteContext,
  jobs: JobInput[],
  entries: AuditInput[],
): Promise<void> {
  const outbox = jobs.map((j) => outboxRow(ctx, j));
  const occurredAt = new Date();
  const audit = entries.map((e) => auditRow(ctx, e, occurredAt));
  const k = db(em);
  if (outbox.length && audit.length)
    await k
      .with('queued', (q) => q.insertInto('outbox').values(outbox).returning('id'))
      .insertInto('audit_entries')
      .values(audit)
      .execute();
  else if (outbox.length) await k.insertInto('outbox').values(outbox).execute();
  else if (audit.length) await k.insertInto('audit_entries').values(audit).execute();
}
