import { createHash } from 'node:crypto';
import type { EntityManager, PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Compilable, CompiledQuery } from 'kysely';
import type { Source } from './database.js';
import { queryDescribed } from './described-statement.js';
import { namedStatementsOn } from './pooler.js';
import { ReadReplicas } from './replicas.js';

interface Compiled {
  name: string;
  sql: string;
  values: ({ param: string } | { constant: unknown })[];
}

/** A statement's name: its text's hash, so two texts never share one. */
const nameOf = (sql: string) => `p${createHash('sha1').update(sql).digest('base64url')}`;

const marker = (key: string) => `\u0000prepared:${key}\u0000`;

/**
 * A typed Kysely query that is built and compiled once per shape, then run as a named prepared
 * statement on the ORM's pool: each connection parses and plans it once, and a request only binds
 * its parameters. For hot reads outside any transaction (caller resolution, single-record views).
 * Behind a transaction-mode pooler the statement goes unnamed (pooler.ts).
 *
 * `build` receives placeholders for `params` and must use them only as values (comparisons,
 * inserted values), never to choose the query's shape; whatever chooses the shape goes in `shape`,
 * and each shape gets a statement of its own.
 */
export function preparedQuery<P extends Record<string, unknown>, R>(
  build: (em: Source, params: P, shape: string) => Compilable<R>,
) {
  const shapes = new Map<string, Compiled>();
  function compile(em: Source, keys: string[], shape: string): Compiled {
    const placeholders = Object.fromEntries(keys.map((k) => [k, marker(k)])) as P;
    const { sql, parameters } = build(em, placeholders, shape).compile();
    const byMarker = new Map(keys.map((k) => [marker(k), k]));
    const values = parameters.map((p) =>
      typeof p === 'string' && byMarker.has(p) ? { param: byMarker.get(p)! } : { constant: p },
    );
    return { name: nameOf(sql), sql, values };
  }
  return async function run(em: Source, params: P, shape = ''): Promise<R[]> {
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compile(em, Object.keys(params), shape);
      shapes.set(shape, compiled);
    }
    const values = compiled.values.map((v) => ('param' in v ? params[v.param] : v.constant));
    return (await runNamed(em, compiled.name, compiled.sql, values)) as R[];
  };
}

/**
 * Runs a statement as a named prepared statement where the pool keeps them: on the primary's own pool,
 * described once per connection (queryDescribed); on the read replicas, named unless the primary's are
 * not; unnamed behind a transaction-mode pooler.
 */
async function runNamed(em: Source, name: string, text: string, values: unknown[]): Promise<unknown[]> {
  const pool =
    em instanceof ReadReplicas ? em.pool : await (em.getConnection() as PostgreSqlConnection).getNativeClient();
  if (em instanceof ReadReplicas || !namedStatementsOn(pool)) {
    const named = namedStatementsOn(em instanceof ReadReplicas ? em.primary : pool) ? name : undefined;
    return (await pool.query({ name: named, text, values })).rows;
  }
  return queryDescribed(pool, name, text, values);
}

/**
 * A statement built afresh at each call but always to the same text, its values all parameters (the
 * registry intake's group commit): run on the primary's pool as a named prepared statement, so each
 * connection parses and plans it once instead of at every execution (for the intake's statement, parse
 * and plan were half of PostgreSQL's time on it). Outside transactions only; behind a transaction-mode
 * pooler it goes unnamed.
 */
export async function runPrepared<R>(em: EntityManager, query: CompiledQuery<R>): Promise<R[]> {
  return (await runNamed(em, nameOf(query.sql), query.sql, query.parameters as unknown[])) as R[];
}
