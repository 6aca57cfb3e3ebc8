import type { EntityManager, PostgreSqlConnection } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import type { Compilable } from 'kysely';

const names = new Map<string, string>();

/** One statement name per SQL text: pg refuses a name reused for another text on a connection. */
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `k${createHash('sha1').update(sql).digest('base64url')}`;
    if (names.size < 1000) names.set(sql, name);
  }
  return name;
}

/**
 * Runs a typed Kysely query as a named prepared statement on the ORM's pool: each connection parses
 * and plans it once, then only binds and executes. For hot read paths outside any transaction (the
 * per-request caller resolution, single-record views); writes go through the unit of work.
 */
export async function preparedRows<R>(em: EntityManager, query: Compilable<R>): Promise<R[]> {
  const { sql, parameters } = query.compile();
  const pool = await (em.getConnection() as PostgreSqlConnection).getNativeClient();
  const result = await pool.query({ name: statementName(sql), text: sql, values: parameters as unknown[] });
  return result.rows as R[];
}
