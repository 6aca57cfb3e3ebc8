import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from '../shared/config/index.js';
import type { Orm } from '../shared/db/orm.js';
import type { Clock } from '../shared/kernel/clock.js';
import { sharedSchemas } from '../shared/kernel/schema.js';
import { loggerOptions } from '../shared/logger.js';
import { type LogDestination, stdoutLines } from '../shared/observability/stdout-lines.js';
import { createTracing } from '../shared/observability/tracing.js';
import { writeAccessLine } from './http/access-line.js';
import { correlationIdOf } from './http/correlation.js';
import { declareSortKeys, Paginator } from './http/pagination.js';
import { lazySerializers, validators } from './http/schema-compilers.js';
import auth from './plugins/auth.js';
import bullBoard from './plugins/bull-board.js';
import errors, { frameworkErrorHandler, notFoundHandler } from './plugins/errors.js';
import idempotency from './plugins/idempotency.js';
import infrastructure from './plugins/infrastructure.js';
import metrics from './plugins/metrics.js';
import openapi from './plugins/openapi.js';
import rateLimit from './plugins/rate-limit.js';
import readReplicas from './plugins/read-replicas.js';
import requestTimeout from './plugins/request-timeout.js';
import securityHeaders from './plugins/security-headers.js';
import shutdown from './plugins/shutdown.js';
import tracingPlugin, { tracedLogger } from './plugins/tracing.js';
import wire, { newRequestId } from './plugins/wire.js';
import apiClientRoutes from './routes/api-clients/index.js';
import auditRoutes from './routes/audit/index.js';
import authRoutes from './routes/auth/index.js';
import claimRoutes from './routes/claims/index.js';
import disputeRoutes from './routes/disputes/index.js';
import eventRoutes from './routes/events/index.js';
import healthRoutes from './routes/health/index.js';
import investmentProductRoutes from './routes/investment-products/index.js';
import notificationTemplateRoutes from './routes/notification-templates/index.js';
import policyRoutes from './routes/policies/index.js';
import premiumRoutes from './routes/premiums/index.js';
import quotationRoutes from './routes/quotations/index.js';
import renewalRoutes from './routes/renewals/index.js';
import roleRoutes from './routes/roles/index.js';
import settingsRoutes from './routes/settings/index.js';
import systemRoutes from './routes/system/index.js';
import userRoutes from './routes/users/index.js';
import webhookEndpointRoutes from './routes/webhook-endpoints/index.js';
import webhookRoutes from './routes/webhooks/index.js';

export interface CatalogRoute {
  method: string;
  url: string;
  schema?: Record<string, unknown>;
  config?: Record<string, unknown>;
  /** The names of the route's own hooks of a kind (not the global ones). */
  hooks(kind: 'onRequest' | 'preParsing' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse'): string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    paginator: Paginator;
    /** Every route as registered, for the checks that walk them (schemas, permissions). */
    routeCatalog: CatalogRoute[];
  }
}

export interface AppOptions {
  config: Config;
  /** Share an ORM (tests, `npm start`); otherwise the app makes and closes its own. */
  orm?: Orm;
  /** Share a metrics registry with the workers of the same process (`npm start`); otherwise the app makes its own. */
  metrics?: Registry;
  /** false silences request logs (tests); defaults to the configured level. */
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them. */
  logDestination?: LogDestination;
  /** The services' clock (default: the system's); tests stand on a day of their choosing. */
  clock?: Clock;
}

export const BODY_LIMIT = 1_048_576;

/**
 * One access-log line per request, written when it completes (method, url, status, time): half the
 * logging work of an incoming plus a completed line, on every request of a busy API.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else writeAccessLine(request, reply);
  }
}

function trustProxy(value: string | undefined): boolean | number | string[] {
  if (!value) return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The HTTP application as a Fastify instance that tests drive with inject and server.ts listens on.
 * Three passes: external plugins and infrastructure, the app's cross-cutting plugins, then routes.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const tracing = createTracing('insurance-backoffice-web', config.OTEL_EXPORTER_OTLP_ENDPOINT);
  const withTrace = tracedLogger(tracing);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { ...loggerOptions(config.LOG_LEVEL, 'web'), stream: opts.logDestination ?? stdoutLines() },
    genReqId: newRequestId,
    logController: new OneLinePerRequest({ requestIdLogLabel: 'requestId' }),
    // Every line of a request carries its trace id and, when the client sent one, its correlation id
    // beside the request id; the request's span starts here (plugins/tracing.ts).
    childLoggerFactory: (logger, bindings, opts, raw) => {
      const traced = withTrace(bindings, raw);
      const correlationId = correlationIdOf(raw.headers);
      return logger.child(correlationId ? { ...traced, correlationId } : traced, opts);
    },
    bodyLimit: BODY_LIMIT,
    // A hop count is accepted at runtime (proxy-addr) though the option's type omits it.
    trustProxy: trustProxy(config.TRUST_PROXY) as boolean | string[],
    // Requests arriving while the server closes get the error envelope from the shutdown plugin instead.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    pluginTimeout: 30_000,
    frameworkErrors: frameworkErrorHandler,
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // The components the domains declare with component() (shared/kernel/schema.ts): shared schemas that route schemas
  // reference as { $ref: '<id>' }, resolved by the validators and by fast-json-stringify, and listed
  // once each in the OpenAPI document's components.schemas.
  const shared = sharedSchemas();
  for (const schema of shared) app.addSchema(schema);
  app.setValidatorCompiler(validators(shared));
  const routeCatalog: CatalogRoute[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    // Read lazily: plugins' own onRoute hooks (Bull Board, docs) still adjust config and schema after this one.
    for (const method of [route.method].flat()) {
      routeCatalog.push({
        method,
        url: route.url,
        get schema() {
          return route.schema as Record<string, unknown> | undefined;
        },
        get config() {
          return route.config as Record<string, unknown> | undefined;
        },
        hooks: (kind) => [route[kind] ?? []].flat().map((hook) => (hook as { name: string }).name),
      });
    }
  });
  app.decorate('paginator', new Paginator(`${config.JWT_SECRET}:cursor`));

  await app.register(infrastructure, { config, orm: opts.orm, clock: opts.clock });
  await app.register(wire);
  await app.register(shutdown);
  await app.register(metrics, { registry: opts.metrics });
  await app.register(tracingPlugin, { tracing });
  await app.register(requestTimeout);
  await app.register(securityHeaders);
  await app.register(errors);
  await app.register(rateLimit);
  await app.register(openapi);
  // Before any route: a list route's `sort` is declared, and validated, as its list's keys.
  app.addHook('onRoute', declareSortKeys);
  await app.register(auth);
  await app.register(readReplicas);
  await app.register(idempotency);
  await app.register(bullBoard);
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, notFoundHandler as never);

  await app.register(healthRoutes);
  await app.register(systemRoutes);
  await app.register(webhookRoutes);
  await app.register(auditRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(apiClientRoutes);
  await app.register(eventRoutes);
  await app.register(webhookEndpointRoutes);
  await app.register(settingsRoutes);
  await app.register(policyRoutes);
  await app.register(premiumRoutes);
  await app.register(renewalRoutes);
  await app.register(claimRoutes);
  await app.register(disputeRoutes);
  await app.register(quotationRoutes);
  await app.register(notificationTemplateRoutes);
  await app.register(investmentProductRoutes);
  return app as unknown as FastifyInstance;
}
