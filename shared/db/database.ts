import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferKyselyDB } from '@mikro-orm/sql';
import { type ColumnType, type Kysely, sql } from 'kysely';
import { ReadReplicas } from './replicas.js';

/**
 * Dates as they come back from a Kysely query: the ORM's pg type parsers keep timestamps as the text
 * PostgreSQL sends, and the entity hydrator converts them. Typed so a query result never claims a Date.
 */
type AsRead<V> =
  V extends ColumnType<infer S, infer I, infer U> ? ColumnType<DateAsText<S>, I, U> : ColumnType<DateAsText<V>, V, V>;
type DateAsText<V> = V extends Date ? string : V;

/** The tables of some entities, as Kysely types them: what a module adds to `Tables` for its entities. */
export type TablesOf<E extends { name: string }> = InferKyselyDB<E>;

/**
 * Every table of the schema. Empty here: each module that owns entities adds their tables where it
 * declares them (`declare module '.../db/database.js' { interface Tables extends TablesOf<...> {} }`),
 * so this layer knows no domain while every query is typed against the whole schema.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one block per entity file.
export interface Tables {}

/** Every table of the schema as a query reads it (timestamps as the text PostgreSQL sends). */
export type Database = { [T in keyof Tables]: { [C in keyof Tables[T]]: AsRead<Tables[T][C]> } };

/**
 * Where a query runs: an entity manager (its transaction if it has one, else the primary), or the
 * read replicas, for a read that needs no lock and runs outside a transaction (shared/kernel/reads.ts).
 */
export type Source = EntityManager | ReadReplicas;

/** A typed Kysely query builder bound to the source's connection (the entity manager's transaction, if any). */
export const db = (source: Source): Kysely<Database> =>
  source instanceof ReadReplicas ? (source.kysely as Kysely<Database>) : source.getKysely<Database>();

/**
 * PostgreSQL's text for a timestamptz in a UTC session (`2026-11-27 20:11:39.342567+00`), years 100
 * to 9999: the years Date reads as written (it takes 0099 for 1999).
 */
const PG_UTC_TIMESTAMP = /^([1-9]\d{3}|0[1-9]\d{2})-(\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamp as the API shows it (ISO 8601 UTC with milliseconds). PostgreSQL's UTC text is cut into
 * shape rather than parsed, with the same result as Date (which drops digits past the millisecond):
 * every view calls this for each timestamp, and Date's parser for that format was the dearest part.
 */
export const iso = (value: string | Date): string => {
  if (typeof value === 'string') {
    const utc = PG_UTC_TIMESTAMP.exec(value);
    if (utc) return `${utc[1]}-${utc[2]}T${utc[3]}.${(utc[4] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
  return new Date(value).toISOString();
};
export const isoOrNull = (value: string | Date | null): string | null => (value === null ? null : iso(value));

/**
 * Rows sent as one JSON document and read back as the relation `v(columns)`: how the per-row values
 * of a batch reach a single `UPDATE ... FROM` (one statement and one parameter, whatever the count).
 */
export const jsonRows = <R extends object>(rows: R[], columns: string) =>
  sql<R>`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`.as<'v'>(sql.raw(`v(${columns})`));
