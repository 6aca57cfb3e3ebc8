import { ForbiddenError } from '../../errors/index.js';

/** Data scope (CONTRACT section 4): what records a user may see. */
export type DataScope = { kind: 'all' } | { kind: 'insurer'; insurerId: string } | { kind: 'agent'; agentId: string };

/** The signed-in user a service acts for, resolved from the database on every request. */
export interface Caller {
  userId: string;
  familyId: string;
  insurerId: string | null;
  permissions: ReadonlySet<string>;
  scope: DataScope;
}

export function scopeOf(userId: string, insurerId: string | null, permissions: ReadonlySet<string>): DataScope {
  if (permissions.has('data:scope:all')) return { kind: 'all' };
  if (insurerId) return { kind: 'insurer', insurerId };
  return { kind: 'agent', agentId: userId };
}

/**
 * A list filter naming another agent or insurer than the caller's own scope allows answers 403
 * (lists themselves are always restricted to the scope, filter or not).
 */
export function assertFilterInScope(scope: DataScope, filter: { agentId?: string; insurerId?: string }): void {
  if (scope.kind === 'all') return;
  if (filter.insurerId && !(scope.kind === 'insurer' && scope.insurerId === filter.insurerId)) {
    throw new ForbiddenError('The insurerId filter is outside your data scope');
  }
  // An insurer-scoped caller may name any agent: the list stays restricted to their insurer.
  if (filter.agentId && scope.kind === 'agent' && scope.agentId !== filter.agentId) {
    throw new ForbiddenError('The agentId filter is outside your data scope');
  }
}

/**
 * SQL condition restricting rows to the caller's scope, given the record's agent and insurer columns.
 * Returns null for scope all.
 */
export function scopeCondition(scope: DataScope, columns: { agent: string; insurer: string }): { sql: string; params: unknown[] } | null {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'insurer') return { sql: `${columns.insurer} = ?`, params: [scope.insurerId] };
  return { sql: `${columns.agent} = ?::text`, params: [scope.agentId] };
}

/** Throws unless the caller holds every one of `needed` (used where a grant must not exceed the granter). */
export function assertHoldsAll(caller: Caller, needed: Iterable<string>, message: string): void {
  const missing = [...new Set(needed)].filter((p) => !caller.permissions.has(p)).sort();
  if (missing.length) throw new ForbiddenError(message, { missingPermissions: missing });
}
