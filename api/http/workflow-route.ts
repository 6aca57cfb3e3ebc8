import type { FastifyContextConfig } from 'fastify';
import type { PermissionName } from '../../shared/kernel/permissions.js';
import { stepPermissions, stepSummary, type Workflow } from '../../shared/kernel/workflow.js';

/**
 * A route taking one action of a workflow: its permission and its OpenAPI summary ("pending,
 * suspended, locked to active") come from the workflow table, like the service's transition check;
 * `config` adds to the route's config (its own rate limit, idempotent: false, the error codes its
 * service throws), and the table's refusal, 422 INVALID_TRANSITION, is among its error codes.
 */
export function actionRoute<S extends string, A extends string, Schema extends object>(
  // A permission not in the catalogue fails to compile here, where the route requires it.
  workflow: Workflow<S, A, PermissionName | 'self' | 'system'>,
  action: A,
  schema: Schema,
  config: FastifyContextConfig = {},
) {
  const step = workflow.steps[action];
  return {
    config: {
      permissions: stepPermissions(step),
      ...config,
      errors: [...(config.errors ?? []), 'INVALID_TRANSITION' as const],
    },
    schema: { ...schema, summary: stepSummary(step) },
  };
}
