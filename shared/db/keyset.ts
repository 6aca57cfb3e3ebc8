/** A page request as SQL pieces (built by the API's Paginator): ORDER BY, the after-cursor condition, the page size. */
export interface KeysetQuery { orderBy: string; after: { sql: string; params: unknown[] } | null; limit: number }

/** Collects WHERE conditions with their parameters in order. */
export class Conditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }
  where(): string {
    return this.parts.length ? `where ${this.parts.join(' and ')}` : '';
  }
}
