import { LockMode } from '@mikro-orm/core';
import type { InferResult } from 'kysely';
import { sql } from 'kysely';
import { db, iso, type Source } from '../../db/database.js';
import { flushOrConflict } from '../../db/flush.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { NotFoundError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { defineList, listPage, type Page } from '../../kernel/list.js';
import { readSide } from '../../kernel/reads.js';
import { assertScopeAll } from '../access/index.js';
import type { OperationalPolicyView } from './operational-policies.schemas.js';
import { OperationalPolicy, type PolicyCategory } from './operational-policy.entity.js';
import { settingErrors } from './settings.js';

/** Every insurer's users live by them: only data scope all changes them (403 naming data:scope:all otherwise). */
const PLATFORM_WIDE = 'Operational policies are platform-wide: changing them needs data scope all';

const rows = (em: Source) =>
  db(em)
    .selectFrom('operational_policies as op')
    .select([
      'op.id',
      'op.category',
      'op.key',
      'op.name',
      'op.value',
      'op.description',
      'op.active',
      'op.created_at',
      'op.updated_at',
    ]);
type Row = InferResult<ReturnType<typeof rows>>[number];

export const toOperationalPolicyView = (r: Row): OperationalPolicyView => ({
  id: r.id,
  category: r.category,
  key: r.key,
  name: r.name,
  value: r.value,
  description: r.description,
  active: r.active,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** Platform-wide configuration: no data scope. `q` over key and name. */
export const OPERATIONAL_POLICY_LIST = defineList({
  name: 'operational-policies',
  rows,
  sortable: ['createdAt', 'key', 'name', 'category'] as const,
  defaultSort: '-createdAt',
  sortKeys: (eb) => ({
    createdAt: eb.ref('op.created_at'),
    key: eb.ref('op.key'),
    name: eb.ref('op.name'),
    category: eb.ref('op.category'),
    id: eb.ref('op.id'),
  }),
  changedAt: (eb) => eb.ref('op.updated_at'),
  scope: 'none',
  search: (eb) => sql<string>`(lower(${eb.ref('op.key')}) || ' ' || lower(${eb.ref('op.name')}))`,
  filters: { category: (eb, category: PolicyCategory) => eb('op.category', '=', category) } as const,
});

export async function listOperationalPolicies(
  deps: ServiceDeps,
  act: UserAct,
  input: {
    filters: { q?: string; category?: PolicyCategory };
    page: Keyset<(typeof OPERATIONAL_POLICY_LIST.sortable)[number]>;
  },
): Promise<Page<Row>> {
  return listPage(OPERATIONAL_POLICY_LIST, readSide(deps, act), act.caller.scope, input);
}

const loadView = async (em: Source, id: string) => {
  const row = await rows(em).where('op.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('No such operational policy');
  return toOperationalPolicyView(row);
};

export const getOperationalPolicy = (deps: ServiceDeps, act: UserAct, input: { id: string }) =>
  loadView(readSide(deps, act), input.id);

/**
 * The dotted key of a policy: `lockoutThreshold` in category `security` is `security.lockoutThreshold`;
 * a key already starting with its category is kept; one naming another category answers 400.
 */
function dottedKey(category: PolicyCategory, key: string): string {
  const [head, ...rest] = key.split('.');
  if (rest.length === 0) return `${category}.${key}`;
  if (head !== category)
    throw new ValidationError([
      { field: 'key', message: `must belong to category ${category} (${category}.<name>)`, constraint: 'category' },
    ]);
  return key;
}

function assertValue(key: string, value: unknown): void {
  const errors = settingErrors(key, value);
  if (errors.length) throw new ValidationError(errors);
}

const DUPLICATE = 'An operational policy with this category and key exists';

export async function createOperationalPolicy(
  deps: ServiceDeps,
  act: UserAct,
  input: {
    category: PolicyCategory;
    key: string;
    name: string;
    value: unknown;
    description?: string;
    active?: boolean;
  },
): Promise<OperationalPolicyView> {
  assertScopeAll(act.caller.scope, PLATFORM_WIDE);
  const key = dottedKey(input.category, input.key);
  assertValue(key, input.value);
  return deps.uow.run(act, async (tx) => {
    const id = uuidv7();
    tx.create(OperationalPolicy, {
      id,
      category: input.category,
      key,
      name: input.name,
      value: input.value,
      description: input.description ?? null,
      active: input.active ?? true,
    });
    await flushOrConflict(tx, DUPLICATE, 'key');
    return {
      result: await loadView(tx, id),
      audit: {
        action: 'operational_policy.create',
        subjectType: 'operational_policy',
        subjectId: id,
        summary: { key, value: input.value, active: input.active ?? true },
      },
    };
  });
}

/** Changes name, value, description or the active flag; the category and key stay (create another policy for another key). */
export async function updateOperationalPolicy(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; name?: string; value?: unknown; description?: string | null; active?: boolean },
): Promise<OperationalPolicyView> {
  assertScopeAll(act.caller.scope, PLATFORM_WIDE);
  return deps.uow.run(act, async (tx) => {
    const found = await tx.findOne(OperationalPolicy, input.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!found) throw new NotFoundError('No such operational policy');
    if (input.value !== undefined) assertValue(found.key, input.value);
    const before = { value: found.value, active: found.active };
    if (input.name !== undefined) found.name = input.name;
    if (input.value !== undefined) found.value = input.value;
    if (input.description !== undefined) found.description = input.description;
    if (input.active !== undefined) found.active = input.active;
    await tx.flush();
    return {
      result: await loadView(tx, found.id),
      audit: {
        action: 'operational_policy.update',
        subjectType: 'operational_policy',
        subjectId: found.id,
        summary: { key: found.key, before, after: { value: found.value, active: found.active } },
      },
    };
  });
}
