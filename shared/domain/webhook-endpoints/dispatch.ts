import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { JobDeps } from '../../kernel/deps.js';
import { uuidv7 } from '../../kernel/ids.js';
import { produce } from '../../kernel/jobs.js';
import { type DataScope, scopeOf } from '../../kernel/scope.js';
import { DELIVER_WEBHOOK, DELIVERY_RETRIES } from './webhook-endpoints.jobs.js';

/** Events read per pass; deliveries queued per statement. */
const EVENTS_PER_PASS = 500;
const QUEUED_PER_PASS = 1000;

interface Owned {
  agent_id: string | null;
  insurer_id: string | null;
}

/** Whether a record of this agent and insurer is in `scope` (a record of nobody's is scope all's only). */
function sees(scope: DataScope, event: Owned): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'insurer') return event.insurer_id === scope.insurerId;
  return event.agent_id === scope.agentId;
}

/**
 * What an endpoint hears: its owner's data scope as it is now, and within the insurer it was made for
 * when it has one (its staff may change it, so it never hears beyond that insurer, whatever its owner
 * becomes). An owner no longer active hears nothing; nor one who has left that insurer.
 */
function endpointScope(owner: DataScope, endpointInsurer: string | null): DataScope | undefined {
  if (endpointInsurer === null) return owner;
  if (owner.kind === 'all') return { kind: 'insurer', insurerId: endpointInsurer };
  // An owner moved to another insurer, or out of every one, hears nothing through it.
  return owner.kind === 'insurer' && owner.insurerId === endpointInsurer ? owner : undefined;
}

/** The enabled endpoints, each with the scope it hears (endpointScope); those that hear nothing are left out. */
async function listeners(em: JobDeps['orm']['em']) {
  const rows = await db(em)
    .selectFrom('webhook_endpoints as w')
    .innerJoin('users as u', 'u.id', 'w.created_by')
    .select([
      'w.id',
      'w.events',
      'w.created_at',
      'w.insurer_id as endpoint_insurer',
      'u.id as owner',
      'u.insurer_id',
      'u.status',
    ])
    .select((eb) =>
      eb
        .selectFrom('user_roles as ur')
        .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
        .whereRef('ur.user_id', '=', 'u.id')
        .select(sql<string[]>`coalesce(array_agg(distinct rp.permission), '{}')`.as('p'))
        .as('permissions'),
    )
    .where('w.status', '=', 'enabled')
    .execute();
  return rows
    .filter((r) => r.status === 'active')
    .flatMap((r) => {
      const scope = endpointScope(scopeOf(r.owner, r.insurer_id, new Set(r.permissions ?? [])), r.endpoint_insurer);
      if (!scope) return [];
      return [{ id: r.id, types: new Set(r.events as string[]), since: new Date(r.created_at).getTime(), scope }];
    });
}

/**
 * One pass of the dispatcher: the events after its place in the feed (read below the oldest running
 * transaction, as GET /events reads them, so none is ever passed over) become one delivery per
 * endpoint that takes their type and whose owner's scope sees their record; its place moves on in
 * the same transaction. Then the deliveries not yet queued are queued (job id: the delivery's), so a
 * crash between the two only queues them on the next pass.
 */
export async function dispatchWebhooks(deps: JobDeps): Promise<{ events: number; deliveries: number; queued: number }> {
  let events = 0;
  let deliveries = 0;
  for (;;) {
    const pass = await deps.orm.em.fork().transactional(async (tx) => {
      const head = await db(tx)
        .selectFrom('webhook_dispatch_head')
        .select([sql<string>`last_tx_id::text`.as('tx'), sql<string>`last_seq::text`.as('seq')])
        .forUpdate()
        .executeTakeFirstOrThrow();
      const batch = await db(tx)
        .selectFrom('published_events as e')
        .select(['e.id', 'e.type', 'e.agent_id', 'e.insurer_id', 'e.occurred_at'])
        .select((eb) => [
          sql<string>`${eb.ref('e.tx_id')}::text`.as('tx'),
          sql<string>`${eb.ref('e.seq')}::text`.as('sq'),
        ])
        .where(sql<boolean>`e.tx_id < pg_snapshot_xmin(pg_current_snapshot())`)
        .where(sql<boolean>`(e.tx_id, e.seq) > (${head.tx}::xid8, ${head.seq}::bigint)`)
        .orderBy('e.tx_id')
        .orderBy('e.seq')
        .limit(EVENTS_PER_PASS)
        .execute();
      if (!batch.length) return { events: 0, deliveries: 0 };
      const endpoints = await listeners(tx);
      const rows = batch.flatMap((event) =>
        endpoints
          .filter((w) => w.types.has(event.type) && sees(w.scope, event))
          // An endpoint hears of what happened after it was registered.
          .filter((w) => new Date(event.occurred_at).getTime() >= w.since)
          .map((w) => ({ id: uuidv7(), endpoint_id: w.id, event_id: event.id })),
      );
      if (rows.length)
        await db(tx)
          .insertInto('webhook_deliveries')
          .values(rows)
          .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
          .execute();
      const last = batch.at(-1)!;
      await db(tx)
        .updateTable('webhook_dispatch_head')
        .set({ last_tx_id: sql`${last.tx}::xid8`, last_seq: sql`${last.sq}::bigint` })
        .execute();
      return { events: batch.length, deliveries: rows.length };
    });
    events += pass.events;
    deliveries += pass.deliveries;
    if (pass.events < EVENTS_PER_PASS) break;
  }
  return { events, deliveries, queued: await queuePending(deps) };
}

/** Queues the pending deliveries no job carries yet, then marks them queued. */
async function queuePending(deps: JobDeps): Promise<number> {
  let queued = 0;
  for (;;) {
    const rows = await db(deps.orm.em.fork())
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('enqueued_at', 'is', null)
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .limit(QUEUED_PER_PASS)
      .execute();
    if (!rows.length) return queued;
    await deps.queues.get(DELIVER_WEBHOOK.queue).addBulk(
      rows.map(({ id }) => {
        const { name, payload } = produce(DELIVER_WEBHOOK, { deliveryId: id });
        return { name, data: payload, opts: { ...DELIVERY_RETRIES, jobId: id } };
      }),
    );
    await db(deps.orm.em.fork())
      .updateTable('webhook_deliveries')
      .set({ enqueued_at: sql<Date>`now()` })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    queued += rows.length;
    if (rows.length < QUEUED_PER_PASS) return queued;
  }
}
