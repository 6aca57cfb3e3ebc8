import pg from 'pg';

type Parser = (text: string) => unknown;
type Row = Record<string, unknown>;

/** What a named statement's rows look like: its columns' names and how each column's text is parsed. */
interface Shape {
  names: string[];
  parsers: Parser[];
  /** A row of the shape with every column null, copied for each row (the same hidden class for all). */
  empty: Row;
}

/** The type parsers a pool uses (MikroORM gives its pools its own); pg's defaults otherwise. */
interface TypeParsers {
  getTypeParser(oid: number, format?: string): Parser;
}

/**
 * The shapes learnt on each connection, by statement name: a statement is described when it is parsed,
 * so a shape always belongs to the statement as PostgreSQL parsed it on that very connection (a
 * migration that changes a query's columns under a running process then gives new connections the new
 * shape; old ones fail as PostgreSQL fails any prepared statement whose result changed).
 */
const shapes = new WeakMap<object, Map<string, Shape>>();

const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils;

interface Field {
  name: string;
  dataTypeID: number;
}

/**
 * A read run as a named prepared statement, whose rows' description is asked of PostgreSQL once per
 * connection and not at each execution. node-pg asks for the portal's description (Describe) every
 * time it runs a statement, then parses it and builds the row parsers again: for a single-row read,
 * that was a tenth of the web process's CPU. Here a statement is described (Describe 'S') in the same
 * write as its Parse, once per connection; the shape is kept with the connection, by statement name,
 * and every later execution there is Bind, Execute, Sync.
 *
 * It is a node-pg "submittable" (the protocol pg-cursor uses): `pool.query(new DescribedStatement(...))`
 * resolves to the rows. Only for statements that return rows, outside transactions, on a pool whose
 * connections keep named statements (not behind a transaction-mode pooler).
 */
export class DescribedStatement {
  /** Read by node-pg's client: a parsed named statement is remembered per connection. */
  readonly name: string;
  readonly text: string;
  /** Set by node-pg (pool.query passes its callback here). */
  callback?: (err: Error | null, rows?: Row[]) => void;
  private readonly values: unknown[];
  private readonly types: TypeParsers;
  private known: Map<string, Shape> | undefined;
  private shape: Shape | undefined;
  private readonly rows: Row[] = [];
  private failed: Error | undefined;

  constructor(name: string, text: string, values: unknown[], types: TypeParsers = pg.types) {
    this.name = name;
    this.text = text;
    this.values = values;
    this.types = types;
  }

  /** Called by node-pg when the connection is free: writes the whole exchange in one go. */
  submit(connection: Connection): Error | null {
    const parsed = connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name];
    if (parsed !== undefined && parsed !== this.text)
      return new Error(`Prepared statements must be unique - '${this.name}' was used for a different statement`);
    let known = shapes.get(connection);
    if (!known) {
      known = new Map();
      shapes.set(connection, known);
    }
    this.known = known;
    this.shape = parsed === undefined ? undefined : known.get(this.name);
    connection.stream.cork?.();
    try {
      if (parsed === undefined) {
        connection.parse({ text: this.text, name: this.name });
        connection.submittedNamedStatements[this.name] = this.text;
      }
      // Described in the same write as its Parse: no round trip of its own.
      if (!this.shape) connection.describe({ type: 'S', name: this.name });
      connection.bind({ portal: '', statement: this.name, values: this.values, valueMapper: prepareValue });
      connection.execute({ portal: '', rows: 0 });
      connection.sync();
    } catch (err) {
      // A value that cannot be sent (bind threw): nothing was executed; the Sync ends the exchange.
      connection.sync();
      this.failed = err as Error;
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  /** The statement's description (its first execution on a connection only). */
  handleRowDescription(msg: { fields: Field[] }): void {
    const names = msg.fields.map((f) => f.name);
    const empty: Row = {};
    for (const name of names) empty[name] = null;
    this.shape = {
      names,
      parsers: msg.fields.map((f) => this.types.getTypeParser(f.dataTypeID, 'text')),
      empty,
    };
    this.known?.set(this.name, this.shape);
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (this.failed) return;
    const shape = this.shape;
    if (!shape) {
      this.failed = new Error(`rows of statement ${this.name} arrived without a description`);
      return;
    }
    const { fields } = msg;
    if (fields.length !== shape.names.length) {
      this.failed = new Error(
        `statement ${this.name} sent ${fields.length} columns, described with ${shape.names.length}`,
      );
      return;
    }
    try {
      const row = { ...shape.empty };
      for (let i = 0; i < fields.length; i++) {
        const text = fields[i];
        // Every column set, nulls included: with two columns of one name the last wins, as in node-pg.
        row[shape.names[i]] = text === null ? null : shape.parsers[i](text);
      }
      this.rows.push(row);
    } catch (err) {
      this.failed = err as Error;
    }
  }

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: Connection): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}

  handleError(err: Error): void {
    this.finish(err);
  }

  handleReadyForQuery(): void {
    this.finish(this.failed ?? null);
  }

  private finish(err: Error | null): void {
    const callback = this.callback;
    this.callback = undefined;
    if (!callback) return;
    if (err) callback(err);
    else callback(null, this.rows);
  }
}

/** The rows of the named statement `name` (SQL `text`) run with `values` on `pool`, described once per connection. */
export function queryDescribed(pool: pg.Pool, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const types = (pool.options as { types?: TypeParsers }).types;
  const statement = new DescribedStatement(name, text, values, types);
  // pg-pool hands its callback to a submittable and resolves with what the submittable gives it.
  return (pool.query as unknown as (query: DescribedStatement) => Promise<Row[]>).call(pool, statement);
}

/** The parts of node-pg's Connection a submittable uses (not in its type declarations). */
interface Connection {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(query: { text: string; name: string }): void;
  describe(msg: { type: 'S' | 'P'; name: string }): void;
  bind(config: { portal: string; statement: string; values: unknown[]; valueMapper: (v: unknown) => unknown }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}
