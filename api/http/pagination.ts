import { createHmac, timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';
import { ValidationError } from '../../shared/errors/index.js';

/** Query parameters every list accepts. */
export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'Opaque; from meta.page.nextCursor' })),
  sort: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Comma-separated fields, `-` prefix for descending' })),
};

export interface SortableField { column: string; type: 'timestamp' | 'text' | 'number' | 'uuid' }

export interface ListSpec {
  /** Whitelisted sort fields (non-null columns) by their API name. */
  sortable: Record<string, SortableField>;
  defaultSort: string;
  /** The id column, the final tie-breaker. */
  idColumn: string;
  idType?: 'uuid' | 'text';
}

export interface PageRequest { limit?: number; cursor?: string; sort?: string }

interface Order { name: string; column: string; type: SortableField['type']; desc: boolean }

export interface KeysetPlan {
  orderBy: string;
  /** A condition (with its params) selecting rows after the cursor, or null on page one. */
  after: { sql: string; params: unknown[] } | null;
  limit: number;
  /** Builds meta.page from the rows fetched (limit + 1 of them). */
  page<T>(rows: T[], keyOf: (row: T) => Record<string, unknown>): { items: T[]; page: { limit: number; nextCursor: string | null } };
}

/**
 * Keyset pagination on (sort fields, id): the cursor carries the last row's sort values, signed so a
 * tampered cursor answers 400 instead of reading an arbitrary position; page 1,000 costs what page 1 costs.
 */
export class Paginator {
  constructor(private readonly secret: string) {}

  plan(spec: ListSpec, request: PageRequest): KeysetPlan {
    const limit = request.limit ?? 20;
    const sortText = request.sort ?? spec.defaultSort;
    const orders = this.parseSort(spec, sortText);
    const last = orders[orders.length - 1];
    const keyOrders: Order[] = [...orders, { name: 'id', column: spec.idColumn, type: spec.idType ?? 'uuid', desc: last.desc }];
    const orderBy = keyOrders.map((o) => `${o.column} ${o.desc ? 'desc' : 'asc'}`).join(', ');
    const after = request.cursor ? this.afterCondition(keyOrders, this.decode(request.cursor, sortText)) : null;
    return {
      orderBy, after, limit,
      page: (rows, keyOf) => {
        const items = rows.slice(0, limit);
        const lastRow = items[items.length - 1];
        const nextCursor = rows.length > limit && lastRow ? this.encode(sortText, keyOrders.map((o) => toCursorValue(keyOf(lastRow)[o.name]))) : null;
        return { items, page: { limit, nextCursor } };
      },
    };
  }

  private parseSort(spec: ListSpec, text: string): Order[] {
    const names = text.split(',').map((s) => s.trim()).filter(Boolean);
    const seen = new Set<string>();
    const orders: Order[] = [];
    for (const raw of names) {
      const desc = raw.startsWith('-');
      const name = desc ? raw.slice(1) : raw;
      const field = spec.sortable[name];
      if (!field || seen.has(name)) {
        throw new ValidationError([{ field: 'query.sort', message: `must be a comma-separated list of: ${Object.keys(spec.sortable).join(', ')}`, constraint: 'enum' }]);
      }
      seen.add(name);
      orders.push({ name, column: field.column, type: field.type, desc });
    }
    if (!orders.length) throw new ValidationError([{ field: 'query.sort', message: 'must name at least one field', constraint: 'minLength' }]);
    return orders;
  }

  private afterCondition(orders: Order[], values: unknown[]): { sql: string; params: unknown[] } {
    if (values.length !== orders.length) throw badCursor();
    const params: unknown[] = [];
    const branches: string[] = [];
    for (let i = 0; i < orders.length; i++) {
      const parts: string[] = [];
      for (let j = 0; j < i; j++) {
        parts.push(`${orders[j].column} = ${cast(orders[j])}`);
        params.push(values[j]);
      }
      parts.push(`${orders[i].column} ${orders[i].desc ? '<' : '>'} ${cast(orders[i])}`);
      params.push(values[i]);
      branches.push(`(${parts.join(' and ')})`);
    }
    return { sql: `(${branches.join(' or ')})`, params };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`cursor:${payload}`).digest('base64url').slice(0, 22);
  }

  private encode(sort: string, values: unknown[]): string {
    const payload = Buffer.from(JSON.stringify({ s: sort, v: values })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  private decode(cursor: string, sort: string): unknown[] {
    const [payload, signature] = cursor.split('.');
    if (!payload || !signature) throw badCursor();
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badCursor();
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { s: string; v: unknown[] };
    if (parsed.s !== sort) throw new ValidationError([{ field: 'query.cursor', message: 'belongs to a different sort; start again without a cursor', constraint: 'cursor' }]);
    return parsed.v;
  }
}

function cast(order: Order): string {
  return `?::${{ timestamp: 'timestamptz', number: 'numeric', text: 'text', uuid: 'uuid' }[order.type]}`;
}

function toCursorValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

function badCursor() {
  return new ValidationError([{ field: 'query.cursor', message: 'is not a cursor this service issued', constraint: 'cursor' }]);
}
