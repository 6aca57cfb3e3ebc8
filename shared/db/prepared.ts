import { createHash } from 'node:crypto';
import type { EntityManager, PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Compilable } from 'kysely';

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
 *
 * `build` receives placeholders for `params` and must use them only as values (comparisons,
 * inserted values), never to choose the query's shape; whatever chooses the shape goes in `shape`,
 * and each shape gets a statement of its own.
 */
export function preparedQuery<P extends Record<string, unknown>, R>(
  build: (em: EntityManager, params: P, shape: string) => Compilable<R>,
) {
  const shapes = new Map<string, Compiled>();
  function compile(em: EntityManager, keys: string[], shape: string): Compiled {
    const placeholders = Object.fromEntries(keys.map((k) => [k, marker(k)])) as P;
    const { sql, parameters } = build(em, placeholders, shape).compile();
    const byMarker = new Map(keys.map((k) => [marker(k), k]));
    const values = parameters.map((p) =>
      typeof p === 'string' && byMarker.has(p) ? { param: byMarker.get(p)! } : { constant: p },
    );
    return { name: `p${createHash('sha1').update(sql).digest('base64url')}`, sql, values };
  }
  return async function run(em: EntityManager, params: P, shape = ''): Promise<R[]> {
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compile(em, Object.keys(params), shape);
      shapes.set(shape, compiled);
    }
    const values = compiled.values.map((v) => ('param' in v ? params[v.param] : v.constant));
    const pool = await (em.getConnection() as PostgreSqlConnection).getNativeClient();
    const result = await pool.query({ name: compiled.name, text: compiled.sql, values });
    return result.rows as R[];
  };
}
