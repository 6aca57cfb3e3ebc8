import { createHash } from 'node:crypto';
import type { JobMerge } from './jobs.js';

/** An outbox row as the relay reads it. */
export interface OutboxRow {
  id: string;
  queue: string;
  job_name: string;
  payload: Record<string, unknown>;
}

/** A job the relay adds: its data, its BullMQ id and the outbox rows it delivers. */
export interface RelayedJob {
  queue: string;
  name: string;
  data: Record<string, unknown>;
  jobId: string;
  rows: string[];
}

/** The list a row would add to a merged job, or undefined when the row's payload holds anything else. */
function itemsOf(row: OutboxRow, merge: JobMerge): unknown[] | undefined {
  const items = row.payload[merge.field];
  if (!Array.isArray(items) || items.length > merge.max) return undefined;
  return Object.keys(row.payload).every((k) => k === merge.field) ? items : undefined;
}

/**
 * The jobs for a pass's rows, in row order. A row is its own job, with its row id as job id, unless its
 * job merges (`JobMerge`): rows of one such job then join while their lists fit in `max`. A merged
 * job's id is a digest of its rows' ids, so adding the same rows again is still one job, and rows
 * grouped differently by a later pass (a crash between add and mark) make another job, whose items
 * the processor applies once anyway. A merged job carries no trace of its own: its items name theirs.
 */
export function relayedJobs(
  rows: readonly OutboxRow[],
  mergeOf: (queue: string, name: string) => JobMerge | undefined,
): RelayedJob[] {
  const jobs: { row: OutboxRow; merged?: { field: string; rows: string[]; items: unknown[] } }[] = [];
  const open = new Map<string, { field: string; max: number; rows: string[]; items: unknown[] }>();
  for (const row of rows) {
    const merge = mergeOf(row.queue, row.job_name);
    const items = merge && itemsOf(row, merge);
    if (!merge || !items) {
      jobs.push({ row });
      continue;
    }
    const key = `${row.queue}\u0000${row.job_name}`;
    const group = open.get(key);
    if (group && group.items.length + items.length <= group.max) {
      group.rows.push(row.id);
      group.items.push(...items);
      continue;
    }
    const fresh = { field: merge.field, max: merge.max, rows: [row.id], items: [...items] };
    open.set(key, fresh);
    jobs.push({ row, merged: fresh });
  }
  return jobs.map(({ row, merged }) =>
    !merged || merged.rows.length === 1
      ? { queue: row.queue, name: row.job_name, data: row.payload, jobId: row.id, rows: [row.id] }
      : {
          queue: row.queue,
          name: row.job_name,
          data: { [merged.field]: merged.items },
          jobId: `merged-${createHash('sha256').update(merged.rows.join(',')).digest('hex').slice(0, 40)}`,
          rows: merged.rows,
        },
  );
}
