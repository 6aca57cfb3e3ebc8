import { Type } from 'typebox';

const PositiveInt = (def: number, description: string) => Type.Integer({ minimum: 1, default: def, description });

/** The settings of PostgreSQL: the primary, its pool, and (docs/scaling.md) replicas and a pooler in front. */
export const DatabaseSettings = {
  DATABASE_URL: Type.String({
    pattern: '^postgres(ql)?://',
    default: 'postgres://postgres@127.0.0.1:5432/insurance',
    description: 'PostgreSQL connection URL',
  }),
  DATABASE_POOL_MAX: PositiveInt(10, 'PostgreSQL connections per process'),
  LIVENESS_POOL_STALL_S: PositiveInt(
    30,
    'seconds the database pool may have requests waiting with no connection freed before /health/live fails (the supervisor restarts the process)',
  ),
  DATABASE_READ_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://[^,\\s]+(,postgres(ql)?://[^,\\s]+)*$',
      description:
        'PostgreSQL streaming replicas, comma-separated URLs: GETs of lists and records read from them (docs/scaling.md)',
    }),
  ),
  READ_YOUR_WRITES_MS: Type.Integer({
    minimum: 0,
    default: 5000,
    description: "milliseconds after a caller's write during which that caller's reads go to the primary",
  }),
  REPLICA_MAX_LAG_MS: PositiveInt(10_000, 'milliseconds a replica may lag behind the primary before reads skip it'),
  REPLICA_RETRY_MS: PositiveInt(10_000, 'milliseconds before a replica that was down or lagging is checked again'),
  DATABASE_POOLER: Type.Enum(['none', 'transaction'], {
    default: 'none',
    description:
      'transaction: DATABASE_URL leads to a pooler in transaction mode (PgBouncer pool_mode=transaction, or a managed proxy), so no named prepared statements are used and DATABASE_LISTEN_URL is required (docs/scaling.md)',
  }),
  DATABASE_LISTEN_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description:
        "PostgreSQL URL of the outbox relay's LISTEN connection (worker processes): a direct one, never through a transaction-mode pooler; unset: DATABASE_URL",
    }),
  ),
};
