import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../db/database.js';
import { runPrepared } from '../db/prepared.js';
import type { AuditInput, JobCheck, JobInput, WriteContext } from './write-context.js';
import { auditRow, outboxRow } from './write-rows.js';

/**
 * Rows that are a whole change by themselves, written by `UnitOfWork.insertAll`: inserted unless their
 * key is taken, each with its audit entry, and one job listing those that need one.
 */
export interface InsertAll<R extends Record<string, unknown>, I extends object = object> {
  table: string;
  /** The unique column: a row whose key is taken is skipped, with its audit entry and its place in the job. */
  key: keyof R & string;
  /** Every column written, with its PostgreSQL type. */
  columns: Record<keyof R & string, string>;
  rows: R[];
  audit: (row: R) => AuditInput;
  /**
   * The job for the rows inserted that `needs` one: `produce` makes it from their `item`s, which it
   * keeps in its payload's field `list` (the statement leaves out the items of rows not inserted).
   */
  job?: {
    produce: (items: I[]) => JobInput;
    list: string;
    item: (row: R) => I;
    needs: (row: R) => boolean;
  };
}

/**
 * Rows that are a whole change by themselves (the registry intake's group commit), with an audit
 * entry for each row that went in and one outbox job naming those that need it, written by ONE
 * statement that commits on its own: one round trip, where a transaction takes four (BEGIN, the
 * rows, audit and outbox, COMMIT). All or nothing, as a transaction. Answers the keys inserted.
 */
export async function insertAll<R extends Record<string, unknown>, I extends object>(
  em: EntityManager,
  checkJob: JobCheck,
  ctx: WriteContext,
  spec: InsertAll<R, I>,
): Promise<Set<string>> {
  const { table, key, columns, rows, job } = spec;
  // In key order: two statements inserting the same keys lock them in the same order, never deadlock.
  const byKey = [...rows].sort((a, b) =>
    String(a[key]) < String(b[key]) ? -1 : String(a[key]) > String(b[key]) ? 1 : 0,
  );
  const occurredAt = new Date();
  const audit = rows.map((row) => {
    const { commit_seq: _, ...entry } = auditRow(ctx, spec.audit(row), occurredAt);
    return { ...entry, key: String(row[key]) };
  });
  const items = job
    ? rows.filter(job.needs).map((row, ord) => ({ key: String(row[key]), ord, item: job.item(row) }))
    : [];
  const outbox = job && items.length ? outboxRow(ctx, job.produce(items.map((i) => i.item))) : undefined;
  // The job as it would be written with every row in: refused before anything is, like any unit of work's.
  if (outbox) checkJob(outbox.queue, outbox.job_name, outbox.payload);
  const names = Object.keys(columns);
  const list = sql.join(names.map((c) => sql.id(c)));
  const recordset = sql.raw(names.map((c) => `"${c}" ${columns[c as keyof R & string]}`).join(', '));
  const statement = sql<{ key: string }>`
    with ins as (
      insert into ${sql.table(table)} (${list})
      select ${list} from jsonb_to_recordset(${JSON.stringify(byKey)}::jsonb) as r(${recordset})
      on conflict (${sql.id(key)}) do nothing
      returning ${sql.id(key)}::text as key
    ),
    audited as (
      insert into audit_entries (id, commit_seq, actor, action, subject_type, subject_id, request_id, correlation_id, ip, summary, occurred_at)
      select a.id, nextval('audit_commit_seq'), a.actor, a.action, a.subject_type, a.subject_id, a.request_id, a.correlation_id, a.ip, a.summary, a.occurred_at
      from jsonb_to_recordset(${JSON.stringify(audit)}::jsonb) as a(key text, id uuid, actor text, action text,
        subject_type text, subject_id text, request_id text, correlation_id text, ip text, summary jsonb, occurred_at timestamptz)
      join ins on ins.key = a.key
    ),
    queued as (
      insert into outbox (id, queue, job_name, payload)
      select ${outbox?.id ?? null}::uuid, ${outbox?.queue ?? null}, ${outbox?.job_name ?? null},
        jsonb_set(${JSON.stringify(outbox?.payload ?? {})}::jsonb, ${`{${job?.list ?? 'items'}}`}::text[], jsonb_agg(j.item order by j.ord))
      from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as j(key text, ord int, item jsonb)
      join ins on ins.key = j.key
      having count(*) > 0
    )
    select key from ins`;
  // Its text is the same at every call (the rows go as parameters): prepared once per connection.
  const inserted = await runPrepared(em, statement.compile(db(em)));
  return new Set(inserted.map((r) => r.key));
}
