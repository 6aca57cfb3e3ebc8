import { type Expression, type ExpressionBuilder, type ReferenceExpression, type SqlBool, sql } from 'kysely';
import { ForbiddenError } from './errors.js';

/** Data scope: the records a user may see. */
export type DataScope = { kind: 'all' } | { kind: 'insurer'; insurerId: string } | { kind: 'agent'; agentId: string };

export function scopeOf(userId: string, insurerId: string | null, permissions: ReadonlySet<string>): DataScope {
  if (permissions.has('data:scope:all')) return { kind: 'all' };
  if (insurerId) return { kind: 'insurer', insurerId };
  return { kind: 'agent', agentId: userId };
}

/** Where a resource keeps the agent and the insurer a record belongs to (for users: the user's own id and insurer). */
export interface ScopeColumns<C> {
  agent: C;
  insurer: C;
}

/** The one rule of data scope, as a Kysely condition on a query's columns. */
export function inScope<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  scope: DataScope,
  columns: ScopeColumns<ReferenceExpression<DB, TB>>,
): Expression<SqlBool> {
  if (scope.kind === 'insurer') return eb(columns.insurer, '=', scope.insurerId as never);
  if (scope.kind === 'agent') return eb(columns.agent, '=', scope.agentId as never);
  return sql<SqlBool>`true`;
}

/** The same rule as an entity filter, for loading a record to change it: `{}` for scope all. */
export function scopeFilter(scope: DataScope, fields: ScopeColumns<string>): Record<string, string> {
  if (scope.kind === 'insurer') return { [fields.insurer]: scope.insurerId };
  if (scope.kind === 'agent') return { [fields.agent]: scope.agentId };
  return {};
}

/** The same rule for a record already loaded: whether `scope` sees a record of this agent and insurer. */
export function covers(scope: DataScope, record: { agentId: string; insurerId: string }): boolean {
  if (scope.kind === 'insurer') return record.insurerId === scope.insurerId;
  if (scope.kind === 'agent') return record.agentId === scope.agentId;
  return true;
}

/**
 * What only a caller of scope all may do (read the whole audit chain): 403 FORBIDDEN naming the
 * permission that gives that scope, as any missing permission is named.
 */
export function assertScopeAll(scope: DataScope, message: string): void {
  if (scope.kind !== 'all') throw new ForbiddenError(message, { missingPermissions: ['data:scope:all'] });
}

/**
 * A list filter naming another agent or insurer than the caller's scope allows answers 403 (lists
 * themselves are always restricted to the scope, filter or not).
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
