import type { InferResult } from 'kysely';
import { sql } from 'kysely';
import { db, iso, type Source } from '../../db/database.js';
import { flushOrConflict } from '../../db/flush.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { NotFoundError, ValidationError } from '../../kernel/errors.js';
import { defineList, listPage, type Page } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import type { CatastropheEventView, UpsertCatastropheEventInput } from './catastrophe-events.schemas.js';
import { CatastropheEvent } from './claim.entity.js';

const eventRows = (em: Source) =>
  db(em)
    .selectFrom('catastrophe_events as e')
    .select(['e.id', 'e.name', 'e.peril', 'e.region', 'e.created_at', 'e.updated_at'])
    .select((eb) => [
      sql<string>`${eb.ref('e.starts_on')}::text`.as('starts_on'),
      sql<string | null>`${eb.ref('e.ends_on')}::text`.as('ends_on'),
    ]);
type EventRow = InferResult<ReturnType<typeof eventRows>>[number];

export const toCatastropheEventView = (r: EventRow): CatastropheEventView => ({
  id: r.id,
  name: r.name,
  peril: r.peril,
  region: r.region,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** Catastrophe events are platform-wide reference data: every claim reader sees them all. */
export const CATASTROPHE_EVENT_LIST = defineList({
  name: 'catastrophe-events',
  rows: eventRows,
  sortable: ['createdAt', 'startsOn', 'name'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('e.created_at'),
    startsOn: eb.ref('e.starts_on'),
    name: eb.ref('e.name'),
    id: eb.ref('e.id'),
  }),
  changedAt: (eb) => eb.ref('e.updated_at'),
  scope: 'none',
  search: (eb) => sql<string>`lower(${eb.ref('e.name')})`,
  filters: {} as const,
});

export async function listCatastropheEvents(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: { q?: string }; page: Keyset<(typeof CATASTROPHE_EVENT_LIST.sortable)[number]> },
): Promise<Page<EventRow>> {
  return listPage(CATASTROPHE_EVENT_LIST, readSide(deps, act), act.caller.scope, input);
}

export async function getCatastropheEvent(deps: ServiceDeps, act: UserAct, input: { id: string }) {
  const row = await eventRows(readSide(deps, act)).where('e.id', '=', input.id).executeTakeFirst();
  if (!row) throw new NotFoundError('No such catastrophe event');
  return toCatastropheEventView(row);
}

/**
 * POST /catastrophe-events/{id}: creates the event with the client's id (201) or replaces its fields
 * (200). A name another event already has (case-insensitive) answers 409 CONFLICT.
 */
export async function upsertCatastropheEvent(
  deps: ServiceDeps,
  act: UserAct,
  input: UpsertCatastropheEventInput,
): Promise<{ created: boolean; event: CatastropheEventView }> {
  if (input.endsOn && input.endsOn < input.startsOn)
    throw new ValidationError([{ field: 'endsOn', message: 'must not be before startsOn', constraint: 'dateOrder' }]);
  return deps.uow.run(act, async (tx) => {
    // Serialises two first writes of the same id: the second finds the row and updates it.
    await db(tx)
      .selectNoFrom(sql`pg_advisory_xact_lock(hashtext(${`catastrophe:${input.id}`}))`.as('locked'))
      .execute();
    const existing = await tx.findOne(CatastropheEvent, input.id);
    const fields = {
      name: input.name,
      peril: input.peril,
      region: input.region,
      startsOn: input.startsOn,
      endsOn: input.endsOn ?? null,
    };
    if (existing) Object.assign(existing, fields);
    else tx.create(CatastropheEvent, { id: input.id, ...fields });
    await flushOrConflict(tx, 'Another catastrophe event has this name', 'name');
    const event = toCatastropheEventView((await eventRows(tx).where('e.id', '=', input.id).executeTakeFirst())!);
    return {
      result: { created: !existing, event },
      audit: {
        action: existing ? 'catastrophe_event.update' : 'catastrophe_event.create',
        subjectType: 'catastrophe_event',
        subjectId: input.id,
        summary: { name: input.name },
      },
    };
  });
}
