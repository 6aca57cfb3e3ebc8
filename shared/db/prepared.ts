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
    return { name: `p${createHash('sha1').update(sql).digest('base64url')}`, sql, values };
  }
  return async function run(em: Source, params: P, shape = ''): Promise<R[]> {
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compile(em, Object.keys(params), shape);
      shapes.set(shape, compiled);
    }
    const values = compiled.values.map((v) => ('param' in v ? params[v.param] : v.constant));
    // On the read replicas, a connection to one of them (or the primary): named unless the primary's are not.
    const pool =
      em instanceof ReadReplicas ? em.pool : await (em.getConnection() as PostgreSqlConnection).getNativeClient();
    if (em instanceof ReadReplicas || !namedStatementsOn(pool)) {
      const name = namedStatementsOn(em instanceof ReadReplicas ? em.primary : pool) ? compiled.name : undefined;
      const result = await pool.query({ name, text: compiled.sql, values });
      return result.rows as R[];
    }
    // On the primary's own pool: described once per connection, not at each execution.
    return (await queryDescribed(pool, compiled.name, compiled.sql, values)) as R[];
  };
}

/**
 * A statement built afresh at each call but always to the same text, its values all parameters (the
 * registry intake's group commit): run on the primary's pool as a named prepared statement, so each
 * connection parses and plans it once instead of at every execution (for the intake's statement, parse
 * and plan were half of PostgreSQL's time on it). Outside transactions only; behind a transaction-mode
 * pooler it goes unnamed. The name is the text's hash, so two texts never share one.
 */
export async function runPrepared<R>(em: EntityManager, query: CompiledQuery<R>): Promise<R[]> {
  const pool = await (em.getConnection('write') as PostgreSqlConnection).getNativeClient();
  const values = query.parameters as unknown[];
  if (!namedStatementsOn(pool)) return (await pool.query(query.sql, values)).rows as R[];
  const name = `p${createHash('sha1').update(query.sql).digest('base64url')}`;
  return (await queryDescribed(pool, name, query.sql, values)) as R[];
}
