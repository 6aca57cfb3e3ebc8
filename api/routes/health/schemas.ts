import { type Static, Type } from 'typebox';
import { component, Int32, Int64, Nullable, StringEnum, Timestamp, tag } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES } from '../../http/envelope.js';

const healthTags = tag('health', 'Probes for load balancers and orchestrators: public, outside every rate limit.');

const Check = component(
  'HealthCheck',
  Type.Object(
    {
      status: StringEnum(['up', 'down']),
      latencyMs: Type.Number(),
      error: Type.Optional(Type.String({ maxLength: 2000, description: 'Why it is down' })),
    },
    { description: 'One dependency, probed now' },
  ),
);
export type Check = Static<typeof Check>;

const MailState = component(
  'MailState',
  Type.Object(
    {
      status: StringEnum(['smtp', 'log', 'not_configured'], {
        description:
          'smtp: sent through SMTP_URL; log: development without SMTP_URL, each mail written whole to the log; not_configured: no SMTP_URL, nothing is sent (in production users must then be created with a password)',
      }),
      message: Type.Optional(Type.String({ maxLength: 2000 })),
    },
    { description: 'Where mail goes; informational, never makes the service degraded or not ready' },
  ),
);

export const liveSchema = {
  operationId: 'getLiveness',
  tags: healthTags,
  summary: 'Liveness',
  security: [],
  description:
    "The process is running and can serve: 503 NOT_LIVE when its database pool has had requests waiting with no connection freed for LIVENESS_POOL_STALL_S seconds (restart it). Checks no dependency: a database that is down is readiness's concern.",
  response: { 200: Envelope(Type.Object({ status: Type.Literal('ok') }), 'Alive'), ...ERROR_RESPONSES },
};

export const readySchema = {
  operationId: 'getReadiness',
  tags: healthTags,
  summary: 'Readiness',
  security: [],
  description:
    'Ready to take traffic: PostgreSQL and Redis answer within 1 s and every migration is applied. Otherwise 503 NOT_READY, the checks in error.details.checks.',
  response: {
    200: Envelope(
      Type.Object({
        status: Type.Literal('ready'),
        checks: Type.Object({ database: Check, redis: Check, migrations: Check }),
      }),
      'Ready',
    ),
    ...ERROR_RESPONSES,
  },
};

const Backlog = (count: string, what: string) =>
  Type.Object({
    [count]: Int32({ minimum: 0, description: `${what} waiting` }),
    lagSeconds: Type.Number({ minimum: 0, description: `Age of the oldest of them, seconds (0 when none)` }),
  });

const Work = component(
  'HealthWork',
  Type.Object(
    {
      liveWorkers: Type.Record(Type.String({ maxLength: 64 }), Int32({ minimum: 0 }), {
        description: 'Worker processes heard of within the last three heartbeats (5 s apart), per queue',
      }),
      outbox: Backlog('pending', 'Outbox rows not yet moved to their queue'),
      audit: Backlog('unchained', 'Audit entries not yet chained'),
    },
    { description: 'What the workers have to do and who is there to do it; absent when it could not be read' },
  ),
);

const ReplicaState = component(
  'HealthReplica',
  Type.Object(
    {
      name: Type.String({ maxLength: 64, description: 'replica-1, replica-2... in the order of DATABASE_READ_URL' }),
      status: StringEnum(['up', 'lagging', 'down', 'unknown'], {
        description:
          'up: serves reads; lagging: behind by more than REPLICA_MAX_LAG_MS; down: unreachable or refusing; unknown: not checked yet. A replica not up is skipped (its reads go to the primary) and checked again after REPLICA_RETRY_MS.',
      }),
      lagMs: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
        description: 'How far behind the primary it was at its last check; null when unreachable',
      }),
      checkedAt: Nullable(Timestamp),
      reads: Int64({ minimum: 0, description: 'Reads this process sent to it since it started' }),
    },
    { description: 'A read replica of DATABASE_READ_URL as this web process sees it' },
  ),
);

export const healthSchema = {
  operationId: 'getHealth',
  tags: healthTags,
  summary: 'Dependency health',
  security: [],
  description:
    'Each dependency (PostgreSQL, Redis, the queues) with its latency, the read replicas with their lag, the live workers per queue and the outbox and audit backlogs. Status degraded, still with 200, when a dependency is down, a replica is not serving, a queue has work and no live worker, or a backlog is older than LAG_ALERT_S; `problems` says which. `mail` says where mail goes (informational).',
  response: {
    200: Envelope(
      Type.Object({
        status: StringEnum(['ok', 'degraded']),
        checks: Type.Object({ database: Check, redis: Check, queues: Check }),
        work: Type.Optional(Work),
        replicas: Type.Optional(
          Type.Array(ReplicaState, {
            maxItems: 64,
            description: 'The read replicas (only with DATABASE_READ_URL); readiness never depends on them',
          }),
        ),
        problems: Type.Array(Type.String({ maxLength: 500 }), {
          maxItems: 50,
          description: 'Why the status is degraded; empty when ok',
        }),
        mail: MailState,
      }),
      'The checks',
    ),
    ...ERROR_RESPONSES,
  },
};

export const metricsSchema = {
  operationId: 'getMetrics',
  tags: healthTags,
  summary: 'Prometheus metrics',
  security: [{ metricsToken: [] }],
  description:
    'Prometheus text: HTTP requests by route template, method and status (count and duration), jobs per queue and state, live workers per queue, outbox and audit backlogs, process metrics. Only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); 404 when METRICS_TOKEN is not set. Outside every rate limit.',
  response: {
    200: {
      description: 'The metrics, in the Prometheus text format',
      // Some hundred kilobytes in practice; the bound is far above what the registry's metrics can print.
      content: { 'text/plain': { schema: Type.String({ maxLength: 10_000_000 }) } },
    },
    ...ERROR_RESPONSES,
  },
};
