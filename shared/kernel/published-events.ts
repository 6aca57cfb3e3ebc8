import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../db/database.js';
import { uuidv7 } from './ids.js';
import type { WriteContext } from './write-context.js';

/**
 * The integration events the service publishes (GET /events, outbound webhooks): one per committed
 * change an integrator hears of, e.g. `claim.settled`. Each domain declares its types with
 * `definePublishedEvents` and adds them here:
 *
 *   declare module '../../kernel/published-events.js' {
 *     interface PublishedEventCatalogue extends Record<keyof typeof CLAIM_EVENTS, string> {}
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one domain at a time
export interface PublishedEventCatalogue {}
export type PublishedEventType = keyof PublishedEventCatalogue & string;

/** What a published event type is: what it means, and the schema component its `data` is (e.g. `Claim`). */
export interface PublishedEventSpec {
  means: string;
  data: string;
}

/** A domain's published event types, name to what it means and what its data is. */
export const definePublishedEvents = <const E extends Record<string, PublishedEventSpec>>(events: E): E => events;

/** Where a record sits in the data scope: an event is seen only by callers and endpoints whose scope covers it. */
export interface EventOwner {
  agentId: string | null;
  insurerId: string | null;
}

/** An integration event a unit of work publishes with its change, in its transaction. */
export interface PublishInput {
  type: PublishedEventType;
  subject: { type: string; id: string };
  owner: EventOwner;
  /** The resource as GET returns it, read once the change is flushed (so it shows the change). */
  data: (em: EntityManager) => Promise<unknown>;
}

/** Writes the events; PostgreSQL stamps each with its transaction's id, the feed's order (see GET /events). */
export async function writePublished(em: EntityManager, ctx: WriteContext, events: PublishInput[]): Promise<void> {
  const rows = [];
  for (const e of events) {
    rows.push({
      id: uuidv7(),
      type: e.type,
      subject_type: e.subject.type,
      subject_id: e.subject.id,
      agent_id: e.owner.agentId,
      insurer_id: e.owner.insurerId,
      actor: ctx.actor,
      request_id: ctx.requestId ?? null,
      data: JSON.stringify(await e.data(em)),
    });
  }
  await db(em).insertInto('published_events').values(rows).execute();
}
