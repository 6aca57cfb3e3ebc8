import { sql } from 'kysely';
import { db, iso } from '../../db/database.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { ValidationError } from '../../kernel/errors.js';
import type { PublishedEventType } from '../../kernel/published-events.js';
import { readSide } from '../../kernel/reads.js';
import { inScope } from '../../kernel/scope.js';
import type { PublishedEventView } from './event.schemas.js';

/** Where a reader stands in the feed: after the event with this (transaction id, sequence). */
interface Position {
  txId: string;
  seq: string;
}

const encode = (p: Position) => Buffer.from(`${p.txId}.${p.seq}`).toString('base64url');

/** Both parts are unsigned 64-bit numbers in PostgreSQL (xid8, bigint): past these the cast fails. */
const MAX_TX_ID = 18_446_744_073_709_551_615n;
const MAX_SEQ = 9_223_372_036_854_775_807n;

function decode(cursor: string): Position {
  const match = /^(\d{1,20})\.(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match || BigInt(match[1]) > MAX_TX_ID || BigInt(match[2]) > MAX_SEQ)
    throw new ValidationError([
      { field: 'query.after', message: 'is not a cursor this feed gave out', constraint: 'cursor' },
    ]);
  return { txId: match[1], seq: match[2] };
}

export interface EventPage {
  items: PublishedEventView[];
  /** Where to continue: after the last event read, or where the reader stood when there was none. */
  nextCursor: string | null;
  hasMore: boolean;
}

/**
 * GET /events: the events of the caller's data scope after `after`, oldest first. Events are read in
 * (transaction id, sequence) order and only below the oldest transaction still running, so an event
 * whose transaction commits later can never land before a cursor a reader already holds: a reader
 * that keeps its last cursor sees every event exactly once.
 */
export async function readEventFeed(
  deps: ServiceDeps,
  act: UserAct,
  input: { after?: string; types?: PublishedEventType[]; limit: number },
): Promise<EventPage> {
  const from = input.after ? decode(input.after) : undefined;
  const rows = await db(readSide(deps, act))
    .selectFrom('published_events as e')
    .select(['e.id', 'e.type', 'e.subject_type', 'e.subject_id', 'e.occurred_at', 'e.data'])
    .select((eb) => [sql<string>`${eb.ref('e.tx_id')}::text`.as('tx'), sql<string>`${eb.ref('e.seq')}::text`.as('sq')])
    .where(sql<boolean>`e.tx_id < pg_snapshot_xmin(pg_current_snapshot())`)
    .$if(from !== undefined, (q) =>
      q.where(sql<boolean>`(e.tx_id, e.seq) > (${from!.txId}::xid8, ${from!.seq}::bigint)`),
    )
    .$if(Boolean(input.types?.length), (q) => q.where('e.type', 'in', input.types!))
    .where((eb) => inScope(eb, act.caller.scope, { agent: 'e.agent_id', insurer: 'e.insurer_id' }))
    .orderBy('e.tx_id')
    .orderBy('e.seq')
    .limit(input.limit + 1)
    .execute();
  const hasMore = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      type: r.type,
      occurredAt: iso(r.occurred_at),
      subject: { type: r.subject_type, id: r.subject_id },
      data: r.data,
    })),
    nextCursor: last ? encode({ txId: last.tx, seq: last.sq }) : (input.after ?? null),
    hasMore,
  };
}
