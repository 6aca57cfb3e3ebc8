import { type Static, Type } from 'typebox';
import { DatabaseSettings } from './database.js';

/** Right on a developer's machine; anywhere else the mails' links lead nowhere (production warns at start). */
export const DEFAULT_APP_BASE_URL = 'http://localhost:3000';

const PositiveInt = (def: number, description: string) => Type.Integer({ minimum: 1, default: def, description });

/** The bounds of the lockout figures, here and in the `security.*` operational policies: no value can disable or break sign-in. */
export const LOCKOUT_THRESHOLD_RANGE = { minimum: 3, maximum: 100 } as const;
export const LOCKOUT_MINUTES_RANGE = { minimum: 1, maximum: 1440 } as const;

/** Every setting the service reads, with its default. Documented in the README (`npx tsx scripts/config-table.ts` prints the table). */
export const ConfigSchema = Type.Object({
  NODE_ENV: Type.Enum(['development', 'test', 'production'], {
    default: 'development',
    description: 'development, test or production',
  }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'HTTP port of the web process' }),
  WEB_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 1,
    description:
      'web processes serving PORT together (node:cluster); each has its own pools, so count them against PostgreSQL max_connections',
  }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0', description: 'interface the web process binds' }),
  ...DatabaseSettings,
  REDIS_URL: Type.String({
    pattern: '^rediss?://',
    default: 'redis://127.0.0.1:6379',
    description: 'Redis connection URL (maxmemory-policy noeviction)',
  }),
  REDIS_CLUSTER_NODES: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9.:\\[\\]-]+:[0-9]{1,5}(,[A-Za-z0-9.:\\[\\]-]+:[0-9]{1,5})*$',
      description:
        'host:port seeds of a Redis Cluster, comma-separated; when set it wins over REDIS_URL, and each queue gets a hash tag of its own',
    }),
  ),
  REDIS_PASSWORD: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Redis password (AUTH), in both modes; a password in REDIS_URL works too',
    }),
  ),
  REDIS_TLS: Type.Enum(['true', 'false'], {
    default: 'false',
    description: 'TLS to Redis in both modes (a rediss:// REDIS_URL also turns it on)',
  }),
  REDIS_PREFIX: Type.String({
    pattern: '^[A-Za-z0-9{}._-]{1,64}$',
    default: '{ins}',
    description: 'prefix of every Redis key (hash-tagged for Redis Cluster)',
  }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'pino log level',
  }),
  JWT_SECRET: Type.Optional(
    Type.String({ minLength: 32, description: 'HMAC key of access tokens; required outside development and test' }),
  ),
  ACCESS_TOKEN_TTL: PositiveInt(900, 'access token lifetime, seconds'),
  CLIENT_SECRET_OVERLAP_S: PositiveInt(
    3600,
    "how long a machine client's previous secret keeps working after a rotation, seconds",
  ),
  REFRESH_TOKEN_TTL: PositiveInt(2_592_000, 'refresh token sliding lifetime, seconds'),
  REGISTRY_WEBHOOK_SECRET: Type.String({
    minLength: 16,
    // One secret, or several (each of 16 characters or more) separated by spaces or commas.
    pattern: '^[\\s,]*[^\\s,]{16,}([\\s,]+[^\\s,]{16,})*[\\s,]*$',
    default: 'dev-registry-webhook-secret',
    description:
      'HMAC key of the registry webhook (Standard Webhooks; a whsec_ base64 value is decoded); several, separated by spaces or commas, while rotating (newest first)',
  }),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://',
      description: 'SMTP server for mail; unset: development writes each mail whole to the log, elsewhere none is sent',
    }),
  ),
  MAIL_FROM: Type.String({
    minLength: 3,
    default: 'no-reply@insurance.local',
    description: 'From address of outgoing mail',
  }),
  APP_BASE_URL: Type.String({
    // No user name, query or fragment: the service appends the page's path and the token's query.
    pattern: '^https?://[^\\s/?#@]+(/[^\\s?#]*)?$',
    default: DEFAULT_APP_BASE_URL,
    description:
      'http(s) address of the web application the mails link to: the reset mail links to APP_BASE_URL/reset-password?token=..., the set-password mail to APP_BASE_URL/set-password?token=...; production warns while it is the default',
  }),
  MAIL_LINK_HOSTS: Type.Optional(
    Type.String({
      pattern: '^\\s*[A-Za-z0-9.-]+(\\s*,\\s*[A-Za-z0-9.-]+)*\\s*$',
      description:
        'comma-separated host names a link or address in a notification template may point at; unset: the host of APP_BASE_URL',
    }),
  ),
  BOOTSTRAP_ADMIN_EMAIL: Type.Optional(
    Type.String({ format: 'email', description: 'creates the first admin when there are no users' }),
  ),
  BOOTSTRAP_ADMIN_PASSWORD: Type.Optional(
    Type.String({ minLength: 12, maxLength: 128, description: 'password of the bootstrap admin' }),
  ),
  TRUST_PROXY: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'true, a hop count, or comma-separated addresses/CIDRs of trusted proxies',
    }),
  ),
  RATE_LIMIT_MAX: PositiveInt(120, 'global requests per window per client IP'),
  RATE_LIMIT_WINDOW_S: PositiveInt(60, 'global rate-limit window, seconds'),
  RATE_LIMIT_LOGIN_MAX: PositiveInt(10, 'login requests per minute per IP'),
  RATE_LIMIT_REFRESH_MAX: PositiveInt(30, 'refresh requests per minute per IP'),
  RATE_LIMIT_PASSWORD_MAX: PositiveInt(5, 'forgot/reset password requests per minute per IP'),
  RATE_LIMIT_TOKEN_MAX: PositiveInt(60, 'client-credentials token requests (POST /auth/token) per minute per IP'),
  RATE_LIMIT_CLIENT_MAX: PositiveInt(600, "requests per window with a machine client's token, counted per client"),
  RATE_LIMIT_MFA_MAX: PositiveInt(10, 'MFA verify/disable requests per minute per IP'),
  RATE_LIMIT_WEBHOOK_MAX: PositiveInt(600, 'registry webhook requests per minute per IP'),
  RATE_LIMIT_BOARD_MAX: PositiveInt(
    600,
    'Bull Board requests (pages, assets, polling) per window per client IP, counted apart from the API limit',
  ),
  RATE_LIMIT_REFUSED_MAX: PositiveInt(
    20,
    'requests per second per IP refused before their body was read (too large, no such route); past it, new connections from that IP are answered 429 at accept for the rest of the second',
  ),
  LOCKOUT_THRESHOLD: Type.Integer({
    ...LOCKOUT_THRESHOLD_RANGE,
    default: 10,
    description:
      'consecutive failed sign-ins (3..100) of one email, or of one device token, before it is locked out; the `security.lockoutThreshold` policy overrides',
  }),
  LOCKOUT_MINUTES: Type.Integer({
    ...LOCKOUT_MINUTES_RANGE,
    default: 15,
    description: 'lockout duration, minutes (1..1440); the `security.lockoutMinutes` policy overrides',
  }),
  REINSTATEMENT_WINDOW_DAYS: PositiveInt(30, 'days after cancellation or lapse a policy can be reinstated'),
  RENEWAL_LEAD_DAYS: PositiveInt(60, 'days before effectiveTo a renewal is generated'),
  DISPUTE_CLOSE_AFTER_DAYS: PositiveInt(14, 'days after resolution a dispute is closed'),
  QUOTATION_SWEEP_EVERY: PositiveInt(300, 'quotation expiry sweep period, seconds'),
  AUDIT_CHAIN_EVERY_MS: PositiveInt(1000, 'period of the audit chaining job, milliseconds'),
  OUTBOX_POLL_MS: PositiveInt(500, 'outbox relay poll period when no notification arrives, milliseconds'),
  IDEMPOTENCY_TTL_HOURS: PositiveInt(24, 'how long idempotency records are kept'),
  WORKER_CONCURRENCY: PositiveInt(4, 'jobs processed at once per queue per worker process'),
  JOB_LOCK_MS: PositiveInt(
    30_000,
    'how long a running job stays locked to its worker without renewal (renewed every half); workers look for stalled jobs every half of it, so the jobs of a killed worker run again within 1.5 times this (45 s)',
  ),
  REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 15_000,
    description:
      'the longest a request may take: past it the answer is 503 with Retry-After and its change is rolled back; also the lease of an Idempotency-Key claim, so a key whose request died is free again after it',
  }),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      description:
        'Bearer token Prometheus sends to /metrics (web port and WORKER_PORT), at least 16 characters; unset: /metrics is off (404)',
    }),
  ),
  WORKER_PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 3001,
    description: 'HTTP port of a worker process for its /metrics and /health/live (0: any free port, logged at start)',
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        'OpenTelemetry collector (OTLP over HTTP, e.g. http://collector:4318): request and job spans are sent there; unset: trace ids are made for the logs and nothing is sent',
    }),
  ),
  WEBHOOK_ALLOW_PRIVATE_URLS: Type.Enum(['true', 'false'], {
    default: 'false',
    description:
      'true: webhook endpoints may be http and private or loopback hosts (tests, local development); never in production',
  }),
  WEBHOOK_TIMEOUT_MS: PositiveInt(
    10_000,
    'how long a webhook delivery may take (resolution, connection and answer), milliseconds',
  ),
  WEBHOOK_SECRET_OVERLAP_S: PositiveInt(
    86_400,
    "how long deliveries are also signed with an endpoint's previous secret after a rotation, seconds",
  ),
  WEBHOOK_DISPATCH_EVERY_MS: PositiveInt(
    1000,
    'period of the job that turns new events into webhook deliveries, milliseconds',
  ),
  SYSTEM_STATE_CACHE_MS: Type.Integer({
    minimum: 0,
    default: 1000,
    description:
      'how long one read of the queues, workers and backlogs answers /health and /metrics in a process (0: a read per probe, shared only by probes at the same moment)',
  }),
  LAG_ALERT_S: PositiveInt(
    60,
    '/health turns degraded when the oldest outbox row not relayed or audit entry not chained is older than this, seconds',
  ),
  MEMORY_RELEASE_IDLE_MS: Type.Integer({
    minimum: 0,
    default: 10_000,
    description:
      'once a process has been quiet this long after a busy spell that grew its memory by 16 MiB or more, V8 collects everything it can and hands its spare pages back (0: never)',
  }),
  SHUTDOWN_DELAY_MS: Type.Integer({
    minimum: 0,
    default: 5000,
    description:
      'on SIGTERM, how long the web process keeps listening (readiness 503, every response Connection: close) before it closes the listener, so load balancers stop sending',
  }),
  SHUTDOWN_GRACE_MS: PositiveInt(
    10_000,
    'on SIGTERM, how long a worker lets its active jobs run; a job still running then is handed back to the queue to run again elsewhere',
  ),
  SHUTDOWN_TIMEOUT_MS: PositiveInt(
    30_000,
    'on SIGTERM, the longest a process takes to stop; past it (or at a second signal) it exits at once with code 1',
  ),
});

export type Config = Static<typeof ConfigSchema>;
