import { InvalidTransitionError } from '../errors/index.js';

/** A state machine as data: action -> the states it may start from and the state it leads to. */
export type TransitionTable<S extends string, A extends string> = Record<A, { from: readonly S[]; to: S | ((from: S) => S) }>;

/** The state `action` leads to from `current`, or 422 INVALID_TRANSITION with the allowed states. */
export function nextState<S extends string, A extends string>(table: TransitionTable<S, A>, entity: string, action: A, current: S): S {
  const rule = table[action];
  if (!rule.from.includes(current)) throw new InvalidTransitionError(current, action, rule.from, entity);
  return typeof rule.to === 'function' ? rule.to(current) : rule.to;
}
