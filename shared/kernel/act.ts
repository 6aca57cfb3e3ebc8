import type { Caller } from './caller.js';
import { SYSTEM_ACTOR, WEBHOOK_ACTOR, type WriteContext } from './unit-of-work.js';

/**
 * Who acts, and on behalf of which request: the second argument of every service, `(deps, act, input)`.
 * The HTTP edge makes it from the request (caller, correlator, address, idempotency claim); a job
 * makes it from its payload. It is also the unit of work's write context.
 */
export interface Act extends WriteContext {
  /** The signed-in user, when a user acts; absent for the system, webhooks and anonymous flows. */
  caller?: Caller;
  /**
   * `replica`: the edge allows this act's reads on a read replica (a GET whose caller has not written
   * within READ_YOUR_WRITES_MS); absent, every read is on the primary (shared/kernel/reads.ts).
   */
  reads?: 'replica';
}

/** An act of a signed-in user. */
export type UserAct = Act & { caller: Caller };

/** The system acting (sweeps, schedules, jobs), carrying the ids of what set it off, if any. */
export const systemAct = (requestId?: string, correlationId?: string, traceparent?: string): Act => ({
  actor: SYSTEM_ACTOR,
  requestId,
  correlationId,
  traceparent,
});

/** A webhook delivery being processed, carrying the delivery's ids into its audit entries. */
export const webhookAct = (requestId?: string, correlationId?: string, traceparent?: string): Act => ({
  actor: WEBHOOK_ACTOR,
  requestId,
  correlationId,
  traceparent,
});

/** The system acting for a job: under the ids of the request that caused it, else under the job's own id. */
export const jobAct = (
  job: { id?: string },
  trace?: { requestId: string; correlationId?: string; traceparent?: string },
): Act => systemAct(trace?.requestId ?? job.id, trace?.correlationId, trace?.traceparent);
