import {
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type ReferenceExpression,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { db, type Source } from '../db/database.js';
import { type Keyset, keysetPage } from '../db/keyset.js';
import { type DataScope, inScope, type ScopeColumns } from './scope.js';

/**
 * A resource's list, declared in a few lines: its rows as views, the sort whitelist and what each
 * field orders by, the data scope's columns, the text `q` searches and one condition per filter.
 * `listPage` runs it; the HTTP edge only turns cursors into a Keyset and back.
 */
export interface ListDefinition<DB, TB extends keyof DB, O, F extends string, Filters extends object> {
  /** Which list this is: its cursors are signed with it and refused by every other list. */
  name: string;
  /**
   * The rows; a list whose scope is `rows` restricts them to the caller's `scope` itself. Several
   * branches (no row in two of them) are each filtered and paged on their own, in sort order, and then
   * merged: a scope a row enters in more than one way still reads each way from an index.
   */
  rows: (em: Source, scope: DataScope) => SelectQueryBuilder<DB, TB, O> | SelectQueryBuilder<DB, TB, O>[];
  sortable: readonly F[];
  /** e.g. `-createdAt`. */
  defaultSort: string;
  /** What each sort field (and the `id` tie-breaker) orders by: a column or an expression such as lower(email). */
  sortKeys: (eb: ExpressionBuilder<DB, TB>) => Record<F | 'id', Expression<unknown>>;
  /**
   * Where a row's agent and insurer are, for the caller's data scope; `none` for platform-wide records
   * (roles); `rows` when `rows` applies the scope itself (the audit trail, whose entries belong to a
   * scope two ways).
   */
  scope: ScopeColumns<ReferenceExpression<DB, TB>> | 'none' | 'rows';
  /**
   * When a row last changed (its creation for a record that never changes): `updatedSince` keeps the
   * rows changed at or after a time, so a client can fetch only what changed since its last sync.
   */
  changedAt: (eb: ExpressionBuilder<DB, TB>) => Expression<unknown>;
  /** The lowercased text `q` is a substring of (keep a trigram index on the same expression). */
  search?: (eb: ExpressionBuilder<DB, TB>) => Expression<string>;
  filters: {
    [K in keyof Filters]-?: (eb: ExpressionBuilder<DB, TB>, value: NonNullable<Filters[K]>) => Expression<SqlBool>;
  };
}

export const defineList = <DB, TB extends keyof DB, O, F extends string, Filters extends object>(
  definition: ListDefinition<DB, TB, O, F, Filters>,
) => definition;

/** A page of rows, and the sort-key values after which the next page starts (null on the last page). */
export interface Page<T> {
  items: T[];
  limit: number;
  nextKey: unknown[] | null;
}

/** What every list takes beside its own filters: `q` (lists that search) and `updatedSince` (an ISO time). */
export interface CommonFilters {
  q?: string;
  updatedSince?: string;
}

export interface ListInput<F extends string, Filters> {
  filters: Partial<Filters> & CommonFilters;
  page: Keyset<F>;
}

/** `%text%` for LIKE, with %, _ and \ in the text matching themselves. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of a list within the caller's scope: filters, `q`, keyset after the cursor, limit + 1 to know whether more follow. */
export async function listPage<DB, TB extends keyof DB, O, F extends string, Filters extends object>(
  definition: ListDefinition<DB, TB, O, F, Filters>,
  em: Source,
  scope: DataScope,
  input: ListInput<F, Filters>,
): Promise<Page<O>> {
  const {
    filters: { q, updatedSince, ...filters },
    page,
  } = input;
  const columns = definition.scope;
  const branches = [definition.rows(em, scope)].flat();
  const paged = branches.map((rows) => {
    let query = columns === 'none' || columns === 'rows' ? rows : rows.where((eb) => inScope(eb, scope, columns));
    for (const [name, value] of Object.entries(filters)) {
      if (value === undefined) continue;
      const condition = definition.filters[name as keyof Filters];
      query = query.where((eb) => condition(eb, value as never));
    }
    if (updatedSince) {
      const changedAt = definition.changedAt;
      query = query.where((eb) => eb(changedAt(eb), '>=', updatedSince as never));
    }
    if (q && definition.search) {
      const search = definition.search;
      query = query.where((eb) => eb(search(eb), 'like', containsPattern(q) as never));
    }
    // The sort keys of each row, exactly as the database compares them, for the next cursor (and,
    // one by one, for merging branches).
    const keyed = query.select((eb) => {
      const keys = definition.sortKeys(eb);
      const each = branches.length > 1 ? page.sort.map((k, i) => sql`${keys[k.field]}`.as(`sort_${i}`)) : [];
      return [
        sql<unknown[]>`json_build_array(${sql.join(page.sort.map((k) => keys[k.field]))})`.as('page_key'),
        ...each,
      ];
    });
    return keysetPage(keyed, page, definition.sortKeys);
  });
  type Row = O & { page_key: unknown[] };
  const rows = paged.length === 1 ? ((await paged[0].execute()) as Row[]) : await merged<Row>(em, paged, page);
  const items = rows.slice(0, page.limit);
  const nextKey = rows.length > page.limit ? items[items.length - 1].page_key : null;
  for (const row of items) delete (row as Partial<typeof row>).page_key;
  return { items, limit: page.limit, nextKey };
}

/** The first rows of several paged branches in the page's order: each branch brings at most a page of its own. */
async function merged<R>(em: Source, branches: Compilable[], page: Keyset): Promise<R[]> {
  const order = page.sort.map((k, i) => sql`${sql.ref(`sort_${i}`)} ${sql.raw(k.desc ? 'desc' : 'asc')}`);
  const union = sql.join(
    branches.map((b) => sql`(${b})`),
    sql` union all `,
  );
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from (${union}) as merged order by ${sql.join(order)} limit ${page.limit + 1}`.execute(db(em));
  for (const row of rows) for (let i = 0; i < page.sort.length; i++) delete row[`sort_${i}`];
  return rows as R[];
}
