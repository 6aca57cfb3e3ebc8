import { createRequire } from 'node:module';
import {
  type Context,
  type Link,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { parseTraceParent } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

export { type Span, SpanKind, SpanStatusCode };

/**
 * OpenTelemetry traces. Every request and every job has a span: a request continues the trace of an
 * incoming `traceparent`, and the jobs it causes continue it in turn (their data carries the trace
 * context), so a request and its jobs share one trace id, which every log line of theirs carries.
 * Spans are exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise the ids are
 * still made (for the logs) and nothing is recorded or sent.
 */
export interface Tracing {
  tracer: Tracer;
  /** Whether spans are recorded and exported. */
  exporting: boolean;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

/** The OTLP exporter, loaded only where spans are exported: its modules are most of OpenTelemetry's. */
const loadExporter = () =>
  (
    createRequire(import.meta.url)(
      '@opentelemetry/exporter-trace-otlp-http',
    ) as typeof import('@opentelemetry/exporter-trace-otlp-http')
  ).OTLPTraceExporter;

export function createTracing(serviceName: string, endpoint: string | undefined): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    // Not exporting: ids without spans. Exporting: follow the caller's sampling, record new traces.
    sampler: endpoint ? new ParentBasedSampler({ root: new AlwaysOnSampler() }) : new AlwaysOffSampler(),
    spanProcessors: endpoint
      ? [
          new BatchSpanProcessor({
            exporter: new (loadExporter())({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }),
          }),
        ]
      : [],
  });
  return {
    tracer: provider.getTracer('insurance-backoffice'),
    exporting: Boolean(endpoint),
    shutdown: () => provider.shutdown(),
  };
}

/** The context of a W3C `traceparent` value, or the root when there is none or it is not valid. */
export function contextOf(traceparent: string | undefined): Context {
  const parent = traceparent ? parseTraceParent(traceparent) : null;
  return parent ? trace.setSpanContext(ROOT_CONTEXT, { ...parent, isRemote: true }) : ROOT_CONTEXT;
}

/** A span's context as a W3C `traceparent` value, to carry it into the jobs a change produces. */
export function traceparentOf(context: SpanContext): string {
  return `00-${context.traceId}-${context.spanId}-0${(context.traceFlags & 1).toString(16)}`;
}

/** Links to the traces of several causes (a job for many requests), from their `traceparent` values. */
export function linksTo(traceparents: (string | undefined)[]): Link[] {
  return traceparents.flatMap((value) => {
    const context = value ? parseTraceParent(value) : null;
    return context ? [{ context }] : [];
  });
}
