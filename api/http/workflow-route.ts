import { stepPermissions, stepSummary, type Workflow } from '../../shared/domain/workflow.js';

/**
 * A route taking one action of a workflow: its permission and its OpenAPI summary ("pending,
 * suspended, locked to active") come from the workflow table, like the service's transition check.
 */
export function actionRoute<S extends string, A extends string, Schema extends object>(
  workflow: Workflow<S, A>,
  action: A,
  schema: Schema,
) {
  const step = workflow.steps[action];
  return { config: { permissions: stepPermissions(step) }, schema: { ...schema, summary: stepSummary(step) } };
}
