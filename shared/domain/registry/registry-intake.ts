import { db } from '../../db/database.js';
import { type Act, webhookAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { ClaimLostError, ConflictError, InvalidSignatureError } from '../../kernel/errors.js';
import { produce } from '../../kernel/jobs.js';
import type { AuditInput } from '../../kernel/unit-of-work.js';
import { deliveryOf } from './delivery.js';
import { APPLY_REGISTRY_EVENTS, REGISTRY_BATCH_MAX } from './registry.jobs.js';
import type { ReceivedEvent, RegistryEventInput } from './registry.schemas.js';
import { actsOn } from './registry-events.js';

/** A delivery's row in registry_events, and the PostgreSQL type of each of its columns. */
const eventRow = ({ act, event, status }: Delivery) => ({
  event_id: event.eventId,
  type: event.type,
  occurred_at: new Date(event.occurredAt),
  payload: { ...event },
  status,
  attempts: 0,
  request_id: act.requestId ?? null,
  received_at: new Date(),
});
type EventRow = ReturnType<typeof eventRow>;
const REGISTRY_EVENT_COLUMNS: Record<keyof EventRow, string> = {
  event_id: 'text',
  type: 'text',
  occurred_at: 'timestamptz',
  payload: 'jsonb',
  status: 'text',
  attempts: 'int',
  request_id: 'text',
  received_at: 'timestamptz',
};

/** The audit entry of a stored delivery, with the ids of the request that brought it. */
const receivedEntry = (row: EventRow, act: Act): AuditInput => ({
  action: 'registry_event.receive',
  subjectType: 'registry_event',
  subjectId: row.event_id,
  summary: { type: row.type, status: row.status },
  request: { requestId: act.requestId, correlationId: act.correlationId, ip: act.ip },
});

/** Commits of deliveries under way at once in a process, and how many must wait before the second starts. */
const COMMITS_AT_ONCE = 2;
const SECOND_COMMIT_AT = 8;

interface Delivery {
  act: Act;
  event: RegistryEventInput;
  status: ReceivedEvent['status'];
  resolve: (received: ReceivedEvent) => void;
  reject: (err: unknown) => void;
}

/**
 * Stores verified registry deliveries, committing together those that arrive while a commit is under
 * way (group commit): one transaction, one job and one round of statements for up to
 * REGISTRY_BATCH_MAX deliveries, where one each would make the database's commits the limit of what
 * the registry may send. A delivery arriving when nothing is being stored is committed at once, so
 * an idle service adds no wait. Each delivery is answered only once its own row, audit entry and job
 * are committed; a known eventId (stored before, or earlier in the same batch) is a conflict.
 */
export class RegistryIntake {
  private waiting: Delivery[] = [];
  /** Commits under way. */
  private storing = 0;

  constructor(private readonly deps: ServiceDeps) {}

  receive(act: Act, { event, webhookId }: { event: RegistryEventInput; webhookId: string }): Promise<ReceivedEvent> {
    if (webhookId !== event.eventId)
      return Promise.reject(new InvalidSignatureError('webhook-id must equal the eventId of the body'));
    const status = actsOn(event.type) ? 'queued' : 'ignored';
    return new Promise((resolve, reject) => {
      this.waiting.push({ act, event, status, resolve, reject });
      if (this.storing >= COMMITS_AT_ONCE || (this.storing > 0 && this.waiting.length < SECOND_COMMIT_AT)) return;
      this.storing++;
      // Deliveries parsed in the same turn of the event loop join the first commit.
      setImmediate(() => void this.storeWaiting());
    });
  }

  /**
   * A commit takes what is waiting; what arrives meanwhile waits for the next. A second commit starts
   * beside one under way only once SECOND_COMMIT_AT deliveries wait: two at once from the first
   * delivery measured slower (smaller batches, the same cost per commit), two past a threshold about a
   * tenth faster at 32 connections (the second fills while the first is on its way to disk).
   */
  private async storeWaiting(): Promise<void> {
    while (this.waiting.length) {
      const batch = this.waiting.splice(0, REGISTRY_BATCH_MAX);
      try {
        await this.store(batch);
      } catch (err) {
        for (const d of batch) d.reject(err);
      }
    }
    this.storing--;
  }

  private async store(batch: Delivery[]): Promise<void> {
    const firsts = new Map<string, Delivery>();
    for (const d of batch) if (!firsts.has(d.event.eventId)) firsts.set(d.event.eventId, d);
    const candidates = [...firsts.values()];
    // The usual batch, none sent with an Idempotency-Key: one statement, committed on its own.
    const stored = candidates.some((d) => d.act.idempotency)
      ? await this.storeWithAnswers(candidates)
      : await this.deps.uow.insertAll(webhookAct(), {
          table: 'registry_events',
          key: 'event_id',
          columns: REGISTRY_EVENT_COLUMNS,
          rows: candidates.map(eventRow),
          audit: (row) => receivedEntry(row, firsts.get(row.event_id)!.act),
          job: {
            produce: (events: ReturnType<typeof deliveryOf>[]) => produce(APPLY_REGISTRY_EVENTS, { events }),
            list: 'events',
            item: (row) => deliveryOf(row.event_id, firsts.get(row.event_id)!.act),
            needs: (row) => row.status === 'queued',
          },
        });
    for (const d of batch) {
      if (firsts.get(d.event.eventId) === d && stored.has(d.event.eventId))
        d.resolve({ eventId: d.event.eventId, status: d.status });
      else d.reject(new ConflictError(`Registry event ${d.event.eventId} was already received`));
    }
  }

  /**
   * A batch in which some delivery came with an Idempotency-Key: its answer is recorded with its row,
   * in the unit of work's transaction, as any write's is.
   */
  private async storeWithAnswers(candidates: Delivery[]): Promise<Set<string>> {
    const answered: (() => void)[] = [];
    const stored = await this.deps.uow.run(webhookAct(), async (em) => {
      const rows = await db(em)
        .insertInto('registry_events')
        .values(candidates.map(eventRow))
        // The primary key lets one of two concurrent deliveries in, in whichever process it arrived.
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .execute();
      const ids = new Set(rows.map((r) => r.event_id));
      const inserted = candidates.filter((d) => ids.has(d.event.eventId));
      const queued = inserted.filter((d) => d.status === 'queued');
      // A delivery sent with an Idempotency-Key stores its answer with its row, as any write does.
      // A delivery whose claim a retry took over stores no answer: the event's own id already keeps it once.
      for (const { act, event, status } of inserted) {
        const claim = act.idempotency;
        const recorded = await claim?.record(em, { eventId: event.eventId, status }).catch((err: unknown) => {
          if (err instanceof ClaimLostError) return false;
          throw err;
        });
        if (claim && recorded) answered.push(() => claim.committed());
      }
      return {
        result: ids,
        audit: inserted.map((d) => receivedEntry(eventRow(d), d.act)),
        jobs: queued.length
          ? [
              produce(APPLY_REGISTRY_EVENTS, {
                events: queued.map(({ act, event }) => deliveryOf(event.eventId, act)),
              }),
            ]
          : [],
      };
    });
    for (const done of answered) done();
    return stored;
  }
}
