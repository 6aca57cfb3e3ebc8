import { type EntityName, type FilterQuery, OptimisticLockError } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError } from './errors.js';
import { findVisible, lockVisible } from './lock-visible.js';
import type { EventOwner, PublishInput } from './published-events.js';
import type { AuditInput, EventInput, Outcome, UnitOfWork, WriteContext } from './unit-of-work.js';
import { transition, type Workflow } from './workflow.js';

/** One step of the table as taken on a record: the action, the state it was in and the state it leads to. */
export interface Move<S extends string, A extends string> {
  action: A;
  from: S;
  to: S;
}

/** Who acts with what: a service's `deps` and `act`, as the declarations of a resource read them. */
export interface At<D, C> {
  deps: D;
  act: C;
}

/**
 * What a domain declares once for the records its workflow actions change: where they are, which of
 * them an act may change, how the change is audited, what its events are and what it answers.
 */
export interface ActionResource<R extends { id: string }, S extends string, A extends string, D, C, T> {
  entity: EntityName<R>;
  /** The audit entries' subjectType, e.g. `claim`. */
  subject: string;
  /** How a 404 names it, `No such <what>` (the subject unless said). */
  what?: string;
  workflow: Workflow<S, A>;
  /** The records the act may change: its data scope's filter, or a rule of the record's own; `{}` for all. */
  within: (at: At<D, C>) => FilterQuery<R>;
  /**
   * `row` (the default): the row locked FOR UPDATE, so concurrent actions take turns and the second
   * sees the first's state. `version`: read without a lock, and a concurrent change that committed
   * first (the version moved on) answers 409 CONFLICT when this one is written.
   */
  lock?: 'row' | 'version';
  /**
   * The state the table reads, where it is not the status column as stored (a lock that has run out
   * reads as active), or where the record has none of its own (a user's MFA enrolment).
   */
  stateOf?: (record: R, at: At<D, C>) => S;
  /** Lazy properties the action reads, loaded with the record (a user's password hash). */
  populate?: readonly string[];
  /** The answer of an action, read once the change and its events are written. */
  answer: (em: EntityManager, record: R, at: At<D, C>) => Promise<T>;
  /** The action's audit summary (`{ from, to, ...summary }` unless declared). */
  summary?: (record: R, move: Move<S, A>, summary: Record<string, unknown>) => Record<string, unknown>;
  /** The events an action appends to record streams (none unless declared). */
  events?: (record: R, move: Move<S, A>, summary: Record<string, unknown>) => EventInput[];
  /**
   * How the record is published, for the steps of the workflow that publish an integration event
   * (`publishes`): whose scope it is in, and its data as GET returns it (a step that publishes fails
   * without it).
   */
  published?: { owner: (record: R) => EventOwner; data: (em: EntityManager, record: R) => Promise<unknown> };
}

/** What an action's own change adds to the template's outcome. */
export interface Change<S extends string> {
  /** Joins `from` and `to` in the audit entry's summary (and in the events' data). */
  summary?: Record<string, unknown>;
  /** Further audit entries, after the action's own (what the action did to other records). */
  audit?: AuditInput[];
  /** Further events, after the action's own. */
  events?: EventInput[];
  /** Further integration events, after the one the step publishes. */
  publish?: PublishInput[];
  /** The state the input chose, where the table leaves it to the caller (a dispute's outcome). */
  to?: S;
}

/** One action on one record: which, and what it does beyond the table's move. */
export interface ActionStep<R, S extends string, A extends string> {
  id: string;
  action: A;
  /** A further condition on the record, 404 as for a missing one when it fails (an endorsement of this policy). */
  where?: FilterQuery<R>;
  /** What is locked before the record, in the order other changes lock the two (a renewal's policy first). */
  before?: (tx: EntityManager) => Promise<void>;
  /** Who may take this action on this record at all, checked before the table so its refusal comes first. */
  guard?: (record: R, tx: EntityManager) => void | Promise<void>;
  /** The action's own rules and change once the table allows the move; the state itself is set by the template. */
  apply?: (record: R, tx: EntityManager, move: Move<S, A>) => Change<S> | undefined | Promise<Change<S> | undefined>;
}

/** The declaration, typed: `defineActions({...})` as a workflow is `defineWorkflow(...)`. */
export const defineActions = <R extends { id: string }, S extends string, A extends string, D, C, T>(
  resource: ActionResource<R, S, A, D, C, T>,
): ActionResource<R, S, A, D, C, T> => resource;

type Deps = { uow: UnitOfWork };

/**
 * An action whose end state already holds answers without a change (no audit entry, no event): a
 * published template published again. `done` reads the state before the table is asked.
 */
type Done<R, U> =
  | { done?: undefined; unchanged?: undefined }
  | { done: (state: string) => boolean; unchanged: (record: R, tx: EntityManager) => Promise<U> };

/**
 * The shape under every workflow action, in the caller's unit of work: the record loaded by id within
 * what the act may change (404 `No such <what>` otherwise, as for a missing one; locked as declared),
 * the step's guard, then the move from the table (422 INVALID_TRANSITION with its details). `work`
 * does the rest and says what is written with it; for an action that changes the record's own state
 * through the table, `runAction` is that rest.
 */
export function runStep<
  R extends { id: string },
  S extends string,
  A extends string,
  D extends Deps,
  C extends WriteContext,
  U,
>(
  at: At<D, C>,
  resource: ActionResource<R, S, A, D, C, unknown>,
  step: Omit<ActionStep<R, S, A>, 'apply'> & Done<R, U>,
  work: (record: R, tx: EntityManager, move: Move<S, A>) => Promise<Outcome<U>>,
): Promise<U> {
  return at.deps.uow.run(at.act, async (tx) => {
    await step.before?.(tx);
    const record = await load(tx, resource, step, at);
    await step.guard?.(record, tx);
    const from = resource.stateOf ? resource.stateOf(record, at) : (record as R & { status: S }).status;
    if (step.done?.(from)) return { result: await step.unchanged(record, tx), audit: [] };
    const to = transition(resource.workflow, step.action, from);
    return work(record, tx, { action: step.action, from, to });
  });
}

/**
 * One workflow action on one record, all of it: `runStep`, then the action's own rules and change,
 * the record's new state, and in the same unit of work its audit entry (`workflow.steps[action].audit`,
 * summary `{ from, to, ...}`), its events and the resource's answer.
 */
export function runAction<
  R extends { id: string; status: S },
  S extends string,
  A extends string,
  D extends Deps,
  C extends WriteContext,
  T,
>(at: At<D, C>, resource: ActionResource<R, S, A, D, C, T>, step: ActionStep<R, S, A>): Promise<T> {
  return runStep(at, resource, step, async (record, tx, allowed) => {
    const change = (await step.apply?.(record, tx, allowed)) ?? {};
    const move = { ...allowed, to: change.to ?? allowed.to };
    record.status = move.to;
    await write(tx, resource);
    const summary = change.summary ?? {};
    const audit: AuditInput = {
      action: resource.workflow.steps[move.action].audit,
      subjectType: resource.subject,
      subjectId: record.id,
      summary: resource.summary
        ? resource.summary(record, move, summary)
        : { from: move.from, to: move.to, ...summary },
    };
    return {
      answer: (em) => resource.answer(em, record, at),
      audit: [audit, ...(change.audit ?? [])],
      events: [...(resource.events?.(record, move, summary) ?? []), ...(change.events ?? [])],
      publish: [...publishedBy(resource, record, move.action), ...(change.publish ?? [])],
    };
  });
}

/** The integration event of the action's step, if it publishes one. */
export function publishedBy<R extends { id: string }, S extends string, A extends string, D, C, T>(
  resource: ActionResource<R, S, A, D, C, T>,
  record: R,
  action: A,
): PublishInput[] {
  const type = resource.workflow.steps[action].publishes;
  if (!type) return [];
  const { published } = resource;
  if (!published)
    throw new Error(
      `${resource.subject}.${action} publishes ${type} but ${resource.subject} declares no \`published\``,
    );
  return [
    {
      type,
      subject: { type: resource.subject, id: record.id },
      owner: published.owner(record),
      data: (em) => published.data(em, record),
    },
  ];
}

function load<R extends { id: string }, S extends string, A extends string, D, C>(
  tx: EntityManager,
  resource: ActionResource<R, S, A, D, C, unknown>,
  step: { id: string; where?: FilterQuery<R> },
  at: At<D, C>,
): Promise<R> {
  const what = resource.what ?? resource.subject;
  const find = resource.lock === 'version' ? findVisible : lockVisible;
  const within = step.where ? ({ $and: [resource.within(at), step.where] } as FilterQuery<R>) : resource.within(at);
  return find(tx, resource.entity, step.id, within, what, resource.populate);
}

/** Writes the change; under `version`, a concurrent change that committed first is 409 CONFLICT. */
async function write<R extends { id: string }, S extends string, A extends string, D, C, T>(
  tx: EntityManager,
  resource: ActionResource<R, S, A, D, C, T>,
): Promise<void> {
  await tx.flush().catch((err) => {
    if (resource.lock === 'version' && err instanceof OptimisticLockError)
      throw new ConflictError(
        `The ${resource.what ?? resource.subject} was changed at the same time by another request; read it again`,
      );
    throw err;
  });
}
