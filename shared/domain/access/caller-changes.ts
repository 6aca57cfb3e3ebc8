import type { EntityManager } from '@mikro-orm/postgresql';

/** What changed for cached callers: some users, or (a role's permissions) everyone. */
export type CallerChange = { userIds: string[] } | 'everyone';

const pending = new WeakMap<EntityManager, { userIds: Set<string>; everyone: boolean }>();

/**
 * Marks, inside a unit of work, that what a caller resolves to changes with this transaction: a
 * user's sessions, status, roles or insurer, or (`'everyone'`) a role's permissions. Called where the
 * change is written; the unit of work replaces the callers' stamps once it has committed.
 */
export function callerChanged(tx: EntityManager, who: string | 'everyone'): void {
  const marks = pending.get(tx) ?? { userIds: new Set<string>(), everyone: false };
  pending.set(tx, marks);
  if (who === 'everyone') marks.everyone = true;
  else marks.userIds.add(who);
}

/** The changes marked on a transaction, cleared; none when nothing was marked. */
export function takeCallerChanges(tx: EntityManager): CallerChange[] {
  const marks = pending.get(tx);
  pending.delete(tx);
  if (!marks) return [];
  return [
    ...(marks.everyone ? ['everyone' as const] : []),
    ...(marks.userIds.size ? [{ userIds: [...marks.userIds] }] : []),
  ];
}
