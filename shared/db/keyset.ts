import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/** One key of a list's order: a whitelisted field, ascending or descending. */
export interface SortKey<F extends string = string> {
  readonly field: F;
  readonly desc: boolean;
}

/**
 * A page request as the domain sees it (made by the API's Paginator from a signed cursor): the order,
 * ending with the `id` tie-breaker, the last row's values of those keys (null on page one), the size.
 */
export interface Keyset<F extends string = string> {
  readonly sort: readonly SortKey<F | 'id'>[];
  readonly after: readonly unknown[] | null;
  readonly limit: number;
}

/** What each sort field orders by in a query (a column, or an expression such as lower(email)). */
export type KeyColumns<DB, TB extends keyof DB, F extends string> = (
  eb: ExpressionBuilder<DB, TB>,
) => Record<F | 'id', Expression<unknown>>;

/**
 * Applies a keyset page to a list query: rows after the cursor (k1 > v1, or k1 = v1 and k2 > v2, ...,
 * each comparison turned for descending keys), in the sort order, limit + 1 of them so the caller
 * knows whether there is a next page. Page 1,000 costs what page 1 costs.
 */
export function keysetPage<DB, TB extends keyof DB, O, F extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  keyset: Keyset<F>,
  columns: KeyColumns<DB, TB, F>,
): SelectQueryBuilder<DB, TB, O> {
  const { sort, after, limit } = keyset;
  let page = query;
  if (after) {
    // The Paginator checks the cursor's arity against the sort; this only guards against misuse.
    if (after.length !== sort.length) throw new Error('keyset: cursor values do not match the sort keys');
    page = page.where((eb) => {
      const key = columns(eb);
      // Values are bound as parameters; PostgreSQL types each by its key (timestamptz, text, uuid).
      const cmp = (fields: (F | 'id')[], op: '=' | '<' | '>', values: readonly unknown[]) =>
        sql<SqlBool>`(${sql.join(fields.map((f) => key[f]))}) ${sql.raw(op)} (${sql.join(values.map((v) => sql`${v}`))})`;
      // One direction throughout: a row comparison, which an index on the keys answers directly.
      if (sort.every((k) => k.desc === sort[0].desc))
        return cmp(
          sort.map((k) => k.field),
          sort[0].desc ? '<' : '>',
          after,
        );
      return eb.or(
        sort.map((k, i) =>
          eb.and([
            ...sort.slice(0, i).map((prev, j) => cmp([prev.field], '=', [after[j]])),
            cmp([k.field], k.desc ? '<' : '>', [after[i]]),
          ]),
        ),
      );
    });
  }
  for (const k of sort) page = page.orderBy((eb) => columns(eb)[k.field], k.desc ? 'desc' : 'asc');
  return page.limit(limit + 1);
}
