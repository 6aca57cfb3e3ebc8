import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import type { Keyset, SortKey } from '../../shared/db/keyset.js';
import { ValidationError } from '../../shared/kernel/errors.js';
import type { Page } from '../../shared/kernel/list.js';
import { StringEnum } from '../../shared/kernel/schema.js';
import { metaOf } from './correlation.js';

/** The request a page answers: its ids go into the page's meta. */
type MetaSource = Parameters<typeof metaOf>[0];

/** `updatedSince`: only records changed at or after a time, for a client that syncs what changed since its last pass. */
const UpdatedSince = Type.Optional(
  Type.String({
    format: 'date-time',
    maxLength: 30,
    description:
      'Only records changed at or after this time (ISO 8601), for incremental sync; records that never change count from their creation',
  }),
);

/** Query parameters every list accepts. */
export const PageQuery = {
  updatedSince: UpdatedSince,
  limit: Type.Optional(Type.Integer({ format: 'int32', minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 1024, description: 'Opaque; from meta.page.nextCursor' }),
  ),
  sort: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'Comma-separated fields, `-` prefix for descending' }),
  ),
};

/** The `q` of a list: a case-insensitive substring of the fields `what` names (backed by a trigram index). */
export const SearchQuery = (what: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: `Case-insensitive substring of ${what}` }));

/**
 * The `sort` a list route takes, as its list's keys: fields, each ascending or, with `-`, descending,
 * comma-separated (`sort=-effectiveTo,holderName`; the id breaks ties). Declared from the list the
 * route's handler pages, so the document, the validation and the service's whitelist are one list.
 */
function sortParameter(spec: SortSpec<string>) {
  return Type.Optional(
    Type.Array(StringEnum(spec.sortable.flatMap((field) => [field, `-${field}`])), {
      minItems: 1,
      maxItems: spec.sortable.length,
      uniqueItems: true,
      description: `The order: fields, comma-separated, each with \`-\` first for descending. Default \`${spec.defaultSort}\`.`,
    }),
  );
}

/** `sort=a,-b` arrives as one string: split before validation, as the document declares it (form, not exploded). */
const splitSort = async (request: FastifyRequest) => {
  const query = request.query as { sort?: unknown };
  if (typeof query.sort === 'string') query.sort = query.sort.split(',');
};

const SORTED_BY = Symbol('sortedBy');

/** Marks a list handler with the list it pages, so its route's `sort` is declared as that list's keys. */
export const sortedBy = <H extends object>(handler: H, spec: SortSpec<string>): H =>
  Object.defineProperty(handler, SORTED_BY, { value: spec });

const sortSpecOf = (handler: unknown): SortSpec<string> | undefined =>
  (handler as { [SORTED_BY]?: SortSpec<string> })[SORTED_BY];

/** An `onRoute` hook: a list route's `sort` becomes the list of its list's keys (its handler names the list). */
export function declareSortKeys(route: RouteOptions): void {
  const spec = sortSpecOf(route.handler);
  const schema = route.schema as { querystring?: { properties?: Record<string, unknown> } } | undefined;
  const query = schema?.querystring;
  if (!spec || !query?.properties?.sort) return;
  // New objects: the route's schema may be shared (its HEAD route, other apps in the process).
  route.schema = {
    ...route.schema,
    querystring: {
      ...query,
      style: 'form',
      explode: false,
      properties: { ...query.properties, sort: sortParameter(spec) },
    },
  } as typeof route.schema;
  route.preValidation = [splitSort, ...[route.preValidation ?? []].flat()];
}

/** A list's sort whitelist and default order (declared with the list in the domain, see defineList). */
export interface SortSpec<F extends string> {
  /** The list's name: a cursor is bound to the list that issued it. */
  name: string;
  sortable: readonly F[];
  defaultSort: string;
}

export interface PageRequest {
  limit?: number;
  cursor?: string;
  /** The keys, as the route validated them (or one comma-separated text). */
  sort?: string | readonly string[];
}

/** The keyset a list query applies, with the sort text its cursors are bound to. */
export interface PagePlan<F extends string> extends Keyset<F> {
  list: string;
  sortText: string;
}

/**
 * Keyset pagination at the HTTP edge: `sort` and `cursor` into the Keyset a domain list applies, and
 * the next page's key values into a cursor. A cursor carries the last row's sort values, signed so a
 * tampered cursor answers 400 instead of reading an arbitrary position, and bound to its sort.
 */
export class Paginator {
  constructor(private readonly secret: string) {}

  plan<F extends string>(spec: SortSpec<F>, request: PageRequest): PagePlan<F> {
    const limit = request.limit ?? 20;
    const sortText =
      (Array.isArray(request.sort) ? request.sort.join(',') : (request.sort as string)) ?? spec.defaultSort;
    const orders = parseSort(spec.sortable, sortText);
    const sort: SortKey<F | 'id'>[] = [...orders, { field: 'id', desc: orders[orders.length - 1].desc }];
    const after = request.cursor ? this.decode(request.cursor, spec.name, sortText, sort.length) : null;
    return { sort, after, limit, list: spec.name, sortText };
  }

  /** The list envelope of a page: its items and meta.page with the signed cursor of the next page. */
  respond<T, V = T>(request: MetaSource, plan: PagePlan<string>, page: Page<T>, view?: (item: T) => V) {
    const nextCursor = page.nextKey ? this.encode(plan.list, plan.sortText, page.nextKey) : null;
    const data = view ? page.items.map(view) : (page.items as unknown as V[]);
    return { data, meta: { ...metaOf(request), page: { limit: page.limit, nextCursor } } };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`cursor:${payload}`).digest('base64url').slice(0, 22);
  }

  private encode(list: string, sort: string, values: readonly unknown[]): string {
    const payload = Buffer.from(JSON.stringify({ l: list, s: sort, v: values })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The key values of a cursor this service issued for this very list and sort. */
  private decode(cursor: string, list: string, sort: string, keys: number): unknown[] {
    const parts = cursor.split('.');
    // Exactly payload.signature: anything appended is not a cursor this service issued.
    if (parts.length !== 2) throw badCursor();
    const [payload, signature] = parts;
    if (!payload || !signature) throw badCursor();
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badCursor();
    const parsed = parseCursor(payload);
    // Another list's cursor holds values of other types (a text id where a uuid is compared): never a query.
    if (parsed.l !== list)
      throw new ValidationError([
        {
          field: 'query.cursor',
          message: 'belongs to a different list; start again without a cursor',
          constraint: 'cursor',
        },
      ]);
    if (parsed.s !== sort)
      throw new ValidationError([
        {
          field: 'query.cursor',
          message: 'belongs to a different sort; start again without a cursor',
          constraint: 'cursor',
        },
      ]);
    if (!Array.isArray(parsed.v) || parsed.v.length !== keys || !parsed.v.every(isKeyValue)) throw badCursor();
    return parsed.v;
  }
}

const isKeyValue = (value: unknown) => value === null || typeof value === 'string' || typeof value === 'number';

function parseCursor(payload: string): { l?: unknown; s?: unknown; v?: unknown } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString());
    if (typeof parsed === 'object' && parsed !== null) return parsed;
  } catch {
    // Falls through to the refusal below.
  }
  throw badCursor();
}

/** `-createdAt,name` into sort keys, each a whitelisted field named once. */
function parseSort<F extends string>(sortable: readonly F[], text: string): SortKey<F>[] {
  const seen = new Set<string>();
  const orders: SortKey<F>[] = [];
  for (const raw of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const desc = raw.startsWith('-');
    const name = desc ? raw.slice(1) : raw;
    const field = sortable.find((f) => f === name);
    if (!field || seen.has(field)) {
      throw new ValidationError([
        {
          field: 'query.sort',
          message: `must be a comma-separated list of: ${sortable.join(', ')}`,
          constraint: 'enum',
        },
      ]);
    }
    seen.add(field);
    orders.push({ field, desc });
  }
  if (!orders.length)
    throw new ValidationError([
      { field: 'query.sort', message: 'must name at least one field', constraint: 'minLength' },
    ]);
  return orders;
}

function badCursor() {
  return new ValidationError([
    { field: 'query.cursor', message: 'is not a cursor this service issued', constraint: 'cursor' },
  ]);
}
