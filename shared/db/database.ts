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

/** A timestamp as the API shows it (ISO 8601 UTC with milliseconds). */
export const iso = (value: string | Date): string => new Date(value).toISOString();
export const isoOrNull = (value: string | Date | null): string | null => (value === null ? null : iso(value));

/**
 * Rows sent as one JSON document and read back as the relation `v(columns)`: how the per-row values
 * of a batch reach a single `UPDATE ... FROM` (one statement and one parameter, whatever the count).
 */
export const jsonRows = <R extends object>(rows: R[], columns: string) =>
  sql<R>`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`.as<'v'>(sql.raw(`v(${columns})`));
