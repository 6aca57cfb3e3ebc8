import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type InferResult, sql } from 'kysely';
import { db, iso, type Source } from '../../db/database.js';
import { flushOrConflict } from '../../db/flush.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { ConflictError, NotFoundError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { defineList, listPage, type Page } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import { assertScopeAll } from '../access/index.js';
import { type IdEntity, IdPattern } from './id-pattern.entity.js';
import type { IdPatternView } from './id-patterns.schemas.js';
import { patternErrors } from './pattern.js';

/** Every insurer's users live by them: only data scope all changes them (403 naming data:scope:all otherwise). */
const PLATFORM_WIDE = 'Identifier patterns are platform-wide: changing them needs data scope all';

const patternRows = (em: Source) =>
  db(em)
    .selectFrom('id_patterns as ip')
    .select(['ip.id', 'ip.entity', 'ip.pattern', 'ip.description', 'ip.active', 'ip.created_at', 'ip.updated_at'])
    .select(sql<string>`ip.next_seq::text`.as('next_seq'));
type PatternRow = InferResult<ReturnType<typeof patternRows>>[number];

export const toIdPatternView = (r: PatternRow): IdPatternView => ({
  id: r.id,
  entity: r.entity,
  pattern: r.pattern,
  description: r.description,
  active: r.active,
  nextSequence: Number(r.next_seq),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** Platform-wide configuration: no data scope. `q` over entity, pattern and description. */
export const ID_PATTERN_LIST = defineList({
  name: 'id-patterns',
  rows: patternRows,
  sortable: ['createdAt', 'entity', 'pattern'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('ip.created_at'),
    entity: eb.ref('ip.entity'),
    pattern: eb.ref('ip.pattern'),
    id: eb.ref('ip.id'),
  }),
  changedAt: (eb) => eb.ref('ip.updated_at'),
  scope: 'none',
  search: (eb) =>
    sql<string>`(lower(${eb.ref('ip.entity')}) || ' ' || lower(${eb.ref('ip.pattern')}) || ' ' || lower(coalesce(${eb.ref('ip.description')}, '')))`,
  filters: {} as const,
});

export async function listIdPatterns(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: { q?: string }; page: Keyset<(typeof ID_PATTERN_LIST.sortable)[number]> },
): Promise<Page<PatternRow>> {
  return listPage(ID_PATTERN_LIST, readSide(deps, act), act.caller.scope, input);
}

const loadView = async (em: Source, id: string) => {
  const row = await patternRows(em).where('ip.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('No such identifier pattern');
  return toIdPatternView(row);
};

export const getIdPattern = (deps: ServiceDeps, act: UserAct, input: { id: string }) =>
  loadView(readSide(deps, act), input.id);

function assertPattern(pattern: string | undefined): void {
  if (pattern === undefined) return;
  const problems = patternErrors(pattern);
  if (problems.length) throw new ValidationError(problems, 'The pattern is not valid');
}

/**
 * Two patterns of an entity with the same text would give the same numbers from their own sequences:
 * 409, reactivate the existing one instead.
 */
async function assertOwnText(tx: EntityManager, entity: IdEntity, pattern: string, id: string): Promise<void> {
  const twin = await db(tx)
    .selectFrom('id_patterns')
    .select('id')
    .where('entity', '=', entity)
    .where('pattern', '=', pattern)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (twin)
    throw new ConflictError(
      `Identifier pattern ${twin.id} of ${entity} has this text; reactivate it instead (its sequence carries on)`,
      { field: 'pattern', patternId: twin.id },
    );
}

const ONE_ACTIVE = 'Another pattern of this entity is active; deactivate it first (one active pattern per entity)';

/** A new pattern (active unless told otherwise; a second active one of its entity answers 409). Its sequence starts at 1. */
export async function createIdPattern(
  deps: ServiceDeps,
  act: UserAct,
  input: { entity: IdEntity; pattern: string; description?: string; active?: boolean },
): Promise<IdPatternView> {
  assertScopeAll(act.caller.scope, PLATFORM_WIDE);
  assertPattern(input.pattern);
  return deps.uow.run(act, async (tx) => {
    const id = uuidv7();
    await assertOwnText(tx, input.entity, input.pattern, id);
    tx.create(IdPattern, {
      id,
      entity: input.entity,
      pattern: input.pattern,
      description: input.description ?? null,
      active: input.active ?? true,
    });
    await flushOrConflict(tx, ONE_ACTIVE, 'active');
    return {
      result: await loadView(tx, id),
      audit: {
        action: 'id_pattern.create',
        subjectType: 'id_pattern',
        subjectId: id,
        summary: { entity: input.entity, pattern: input.pattern, active: input.active ?? true },
      },
    };
  });
}

/**
 * Changes the pattern text, description or active flag. The sequence carries on: a new pattern for
 * the same entity continues where the old text left off, so numbers stay unique across the change.
 */
export async function updateIdPattern(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; pattern?: string; description?: string | null; active?: boolean },
): Promise<IdPatternView> {
  assertScopeAll(act.caller.scope, PLATFORM_WIDE);
  assertPattern(input.pattern);
  return deps.uow.run(act, async (tx) => {
    const found = await tx.findOne(IdPattern, input.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!found) throw new NotFoundError('No such identifier pattern');
    const before = { pattern: found.pattern, description: found.description, active: found.active };
    if (input.pattern !== undefined && input.pattern !== found.pattern) {
      await assertOwnText(tx, found.entity, input.pattern, found.id);
      found.pattern = input.pattern;
    }
    if (input.description !== undefined) found.description = input.description;
    if (input.active !== undefined) found.active = input.active;
    await flushOrConflict(tx, ONE_ACTIVE, 'active');
    return {
      result: await loadView(tx, found.id),
      audit: {
        action: 'id_pattern.update',
        subjectType: 'id_pattern',
        subjectId: found.id,
        summary: { before, after: { pattern: found.pattern, description: found.description, active: found.active } },
      },
    };
  });
}
