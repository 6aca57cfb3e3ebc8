import pg from 'pg';
import type { Stack } from './stack.js';

type Row = Record<string, any>;

/** Raw SQL on a stack's database: to check what the API stored, or to age a record past a deadline. */
export const sqlOn =
  (stack: Pick<Stack, 'orm'>) =>
  <T = Row>(query: string, params: unknown[] = []) =>
    stack.orm.em.fork().execute<T[]>(query, params);

/** The audit entries of one subject and action (actor, request id, summary), oldest first. */
export const auditOn = (stack: Pick<Stack, 'orm'>) => (subjectId: string, action: string) =>
  sqlOn(stack)<{ actor: string; request_id: string; correlation_id: string | null; summary: Row }>(
    `select actor, request_id, correlation_id, summary from audit_entries where subject_id = ? and action = ? order by commit_seq`,
    [subjectId, action],
  );

/** A short unique token, for names and emails a test can search for. */
export const unique = () => crypto.randomUUID().replace(/-/g, '').slice(-12);

/** The protocol messages node-pg's connections send, with what each is given. */
interface PgMessages {
  parse: { text: string; name?: string };
  describe: { type: 'S' | 'P'; name?: string };
}

/**
 * Runs `fn` while every node-pg connection of this process shows `see` each message of kind `kind`
 * it sends (Parse, Describe), then puts the connection's own method back.
 */
export async function pgMessagesDuring<K extends keyof PgMessages>(
  kind: K,
  see: (message: PgMessages[K]) => void,
  fn: () => Promise<unknown>,
): Promise<void> {
  const proto = (pg as unknown as { Connection: { prototype: Record<K, (message: PgMessages[K]) => void> } }).Connection
    .prototype;
  const original = proto[kind];
  proto[kind] = function (this: unknown, message: PgMessages[K]) {
    see(message);
    return original.call(this, message);
  };
  try {
    await fn();
  } finally {
    proto[kind] = original;
  }
}
