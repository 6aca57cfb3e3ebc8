import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DataScope } from '../../kernel/scope.js';

/** How widely a record is shown: `internal` to staff only, `shared` also to the agent (a claim's notes). */
export const VISIBILITIES = ['internal', 'shared'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The visibilities a caller of this data scope sees and writes: an agent, shared records only. */
export const visibilitiesFor = (scope: DataScope): readonly Visibility[] =>
  scope.kind === 'agent' ? ['shared'] : VISIBILITIES;

/**
 * The same rule for domain events (a claim's history, a policy's timeline): an event whose data says
 * `visibility: internal` (a note's) is not shown to a caller who sees shared records only.
 */
export function eventVisibleTo<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  scope: DataScope,
  data: Parameters<ExpressionBuilder<DB, TB>['ref']>[0],
): Expression<SqlBool> {
  if (visibilitiesFor(scope).includes('internal')) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${eb.ref(data)} ->> 'visibility') is distinct from 'internal'`;
}
