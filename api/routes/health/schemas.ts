import { type Static, Type } from 'typebox';
import { component, StringEnum, tag } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES } from '../../http/envelope.js';

const healthTags = tag('health', 'Probes for load balancers and orchestrators: public, outside every rate limit.');

const Check = component(
  'HealthCheck',
  Type.Object(
    {
      status: StringEnum(['up', 'down']),
      latencyMs: Type.Number(),
      error: Type.Optional(Type.String({ description: 'Why it is down' })),
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
      message: Type.Optional(Type.String()),
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

export const healthSchema = {
  operationId: 'getHealth',
  tags: healthTags,
  summary: 'Dependency health',
  security: [],
  description:
    'Each dependency (PostgreSQL, Redis, the queues) with its latency; status degraded when any is down, still with 200. `mail` says where mail goes (informational).',
  response: {
    200: Envelope(
      Type.Object({
        status: StringEnum(['ok', 'degraded']),
        checks: Type.Object({ database: Check, redis: Check, queues: Check }),
        mail: MailState,
      }),
      'The checks',
    ),
    ...ERROR_RESPONSES,
  },
};
