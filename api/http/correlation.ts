import type { IncomingHttpHeaders } from 'node:http';

/** What a client's own id may look like to be kept: anything else is dropped, never echoed or logged. */
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const wellFormed = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' && CORRELATION_ID.test(value) ? value : undefined;

/**
 * The client's own id for a request, kept beside the service's request id (which no client chooses):
 * `X-Correlation-Id` when well formed (the header made for it), otherwise a well-formed `X-Request-Id`.
 */
export const correlationIdOf = (headers: IncomingHttpHeaders): string | undefined =>
  wellFormed(headers['x-correlation-id']) ?? wellFormed(headers['x-request-id']);

/** The `meta` of every body: the service's request id, and the client's correlation id when it sent one. */
export function metaOf(request: { id: string; headers: IncomingHttpHeaders }): {
  requestId: string;
  correlationId?: string;
} {
  const correlationId = correlationIdOf(request.headers);
  return correlationId ? { requestId: request.id, correlationId } : { requestId: request.id };
}
