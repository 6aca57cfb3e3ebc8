import { InvalidTransitionError } from './errors.js';
import type { PublishedEventType } from './published-events.js';

/** One action of a workflow: the states it starts from, where it leads, who may take it, how it is audited. */
export interface WorkflowStep<S extends string, P extends string = string> {
  from: readonly S[];
  /** The state it leads to; a function where it depends on the starting state. */
  to: S | ((from: S) => S);
  /** How `to` reads in summaries and docs when it is a function. */
  toText?: string;
  /** The permission the route requires; `self` for a signed-in user acting on their own record; `system` for the service's own moves. */
  permission: P | 'self' | 'system';
  /** The audit entry's action, e.g. `user.suspend`. */
  audit: string;
  /** The integration event the step publishes (GET /events, outbound webhooks), e.g. `claim.settled`. */
  publishes?: PublishedEventType;
}

export interface Workflow<S extends string, A extends string, P extends string = string> {
  /** The resource, as error messages and docs name it. */
  readonly resource: string;
  readonly states: readonly S[];
  readonly steps: Readonly<Record<A, WorkflowStep<S, P>>>;
}

/**
 * A state machine as data: the one source of a service's transition checks and their 422 details,
 * of the route's permission, of the OpenAPI summary of each action and of the state tables in docs/.
 */
export const defineWorkflow = <S extends string, A extends string, P extends string>(
  resource: string,
  states: readonly S[],
  steps: Record<A, WorkflowStep<S, P>>,
): Workflow<S, A, P> => ({ resource, states, steps });

/** The state `action` leads to from `current`, or 422 INVALID_TRANSITION naming the states it is allowed from. */
export function transition<S extends string, A extends string>(workflow: Workflow<S, A>, action: A, current: S): S {
  const step = workflow.steps[action];
  if (!step.from.includes(current)) throw new InvalidTransitionError(current, action, step.from, workflow.resource);
  return typeof step.to === 'function' ? step.to(current) : step.to;
}

/** "pending, suspended, locked to active": the action's summary in OpenAPI and docs. */
export function stepSummary<S extends string>(step: WorkflowStep<S>): string {
  return `${step.from.join(', ')} to ${step.toText ?? (typeof step.to === 'string' ? step.to : 'depends on the state')}`;
}

/** The permissions a route taking this action declares (none beyond being signed in for `self`). */
export function stepPermissions<S extends string, P extends string>(
  step: WorkflowStep<S, P>,
): Exclude<P, 'self' | 'system'>[] {
  if (step.permission === 'system') throw new Error('a system step has no route');
  return step.permission === 'self' ? [] : [step.permission as Exclude<P, 'self' | 'system'>];
}
