import type { Act } from '../../kernel/act.js';
import type { AuditInput } from '../../kernel/unit-of-work.js';

/** A registry event as a job names it: the event, the request id that delivered it and the sender's correlation id. */
export interface Delivery {
  eventId: string;
  requestId?: string;
  correlationId?: string;
  traceparent?: string;
}

/** The delivery of `eventId` by the request (or job) `act` stands for, with only the ids it has. */
export const deliveryOf = (
  eventId: string,
  act: Pick<Act, 'requestId' | 'correlationId' | 'traceparent'>,
): Delivery => ({
  eventId,
  ...(act.requestId ? { requestId: act.requestId } : {}),
  ...(act.correlationId ? { correlationId: act.correlationId } : {}),
  ...(act.traceparent ? { traceparent: act.traceparent } : {}),
});

/** The audit entry of an event that could not be applied (kept `failed` with `reason`, retried like the rest). */
export const failedEventAudit = (
  eventId: string,
  reason: string,
  attempt: number,
  request: { requestId?: string; correlationId?: string },
): AuditInput => ({
  action: 'registry_event.fail',
  subjectType: 'registry_event',
  subjectId: eventId,
  summary: { reason, attempt },
  request,
});
