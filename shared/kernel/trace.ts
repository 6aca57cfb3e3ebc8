import { Type } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * The ids of the request (or job) that caused a job: the service's request id and the client's
 * correlation id. Carried in the job's data as `trace`, beside the catalogued payload, so the worker's
 * log lines and audit entries name the request that set the work off.
 */
export interface Trace {
  requestId: string;
  correlationId?: string;
  /** The W3C trace context of the span that caused the job, so the job's span continues its trace. */
  traceparent?: string;
}

/** Lenient on purpose: a request id may also be a job's id, and a trace must never refuse the change that queues it. */
const Ref = Type.String({ minLength: 1, maxLength: 256 });
/** A W3C traceparent, version 00. */
export const Traceparent = Type.String({ pattern: '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$' });
const TraceCheck = Compile(
  Type.Object(
    { requestId: Ref, correlationId: Type.Optional(Ref), traceparent: Type.Optional(Traceparent) },
    { additionalProperties: false },
  ),
);

/** The trace of a write context, or undefined when it belongs to no request. */
export function traceOf(ctx: { requestId?: string; correlationId?: string; traceparent?: string }): Trace | undefined {
  if (!ctx.requestId) return undefined;
  return {
    requestId: ctx.requestId,
    ...(ctx.correlationId ? { correlationId: ctx.correlationId } : {}),
    ...(ctx.traceparent ? { traceparent: ctx.traceparent } : {}),
  };
}

/** A job's data: its payload, with the trace of what caused it when there is one. */
export function withTrace<P extends Record<string, unknown>>(payload: P, trace: Trace | undefined): P {
  return trace ? { ...payload, trace } : payload;
}

/**
 * A job's data split into its catalogued payload and its trace. `trace` is undefined when absent and
 * `false` when present but not a trace (the job is then refused like any other bad payload).
 */
export function splitTrace(data: unknown): { payload: unknown; trace: Trace | undefined | false } {
  if (data === null || typeof data !== 'object' || Array.isArray(data) || !Object.hasOwn(data, 'trace'))
    return { payload: data, trace: undefined };
  const { trace, ...payload } = data as Record<string, unknown>;
  return { payload, trace: TraceCheck.Check(trace) ? trace : false };
}
