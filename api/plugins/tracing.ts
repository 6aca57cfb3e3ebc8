import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  contextOf,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracing,
  traceparentOf,
} from '../../shared/observability/tracing.js';
import { routeOf } from '../http/route-of.js';

declare module 'fastify' {
  interface FastifyInstance {
    tracing: Tracing;
  }
}

const SPAN = Symbol('span');
type Traced = IncomingMessage & { [SPAN]?: Span };

/**
 * The request's span, started with its logger (Fastify's childLoggerFactory), so the very first log
 * line of the request carries the trace id: it continues an incoming `traceparent`, else starts a trace.
 */
export function tracedLogger(tracing: Tracing) {
  return (bindings: Record<string, unknown>, raw: IncomingMessage): Record<string, unknown> => {
    const header = raw.headers.traceparent;
    const span = tracing.tracer.startSpan(
      `${raw.method} request`,
      { kind: SpanKind.SERVER },
      contextOf(Array.isArray(header) ? header[0] : header),
    );
    (raw as Traced)[SPAN] = span;
    return { ...bindings, traceId: span.spanContext().traceId };
  };
}

/** The request's span (every request has one). */
export const spanOf = (request: FastifyRequest): Span | undefined => (request.raw as Traced)[SPAN];

/** The `traceparent` the jobs of a request carry: its own span's, so they continue its trace. */
export const requestTraceparent = (request: FastifyRequest): string | undefined => {
  const span = spanOf(request);
  return span ? traceparentOf(span.spanContext()) : undefined;
};

/** Ends the request's span when the answer is sent, named by its route template and with its status. */
export default fp<{ tracing: Tracing }>(async (app, opts) => {
  app.decorate('tracing', opts.tracing);
  app.addHook('onResponse', (request, reply, done) => {
    const span = spanOf(request);
    if (span?.isRecording()) {
      const template = routeOf(request).url ?? 'unmatched';
      span.updateName(`${request.method} ${template}`);
      span.setAttributes({
        'http.request.method': request.method,
        'http.route': template,
        'http.response.status_code': reply.statusCode,
        'app.request_id': request.id,
      });
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span?.end();
    done();
  });
  app.addHook('onClose', async () => {
    await opts.tracing.shutdown();
  });
});
