import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import type { Validator } from 'typebox/compile';
import { Compile } from 'typebox/compile';
import { splitTrace } from '../kernel/trace.js';
import type { JobInput } from '../kernel/unit-of-work.js';
import type { QueueName } from '../queues/names.js';

/** A row id (uuid v7). */
const Id = Type.String({ format: 'uuid' });
/** The registry's own event id, as the webhook accepts it. */
const RegistryEventId = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' });
/** A request id (the service's own) or a client's correlation id, as the API accepts and makes them. */
const RequestRef = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' });
/** A registry delivery as a job names it: the event, the request id that delivered it and the sender's correlation id. */
const RegistryDelivery = Type.Object(
  { eventId: RegistryEventId, requestId: Type.Optional(RequestRef), correlationId: Type.Optional(RequestRef) },
  { additionalProperties: false },
);
/** The most registry deliveries the API commits, and queues as one job, at once. */
export const REGISTRY_BATCH_MAX = 256;
/** Closed objects: a field the catalogue does not name (an email, a name) is refused. */
const Ids = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: false });
/** Scheduled jobs find their work themselves. */
const Nothing = Ids({});

export interface JobSpec {
  payload: TSchema;
  /** What the job does, for docs/operations.md. */
  does: string;
  /** Who queues it, when neither the outbox nor a schedule does (for docs/operations.md). */
  producedBy?: string;
}

/**
 * Every job, by queue and BullMQ job name, with its payload: ids only, never personal data or
 * secrets. A job is produced and processed only if it is here (see `job`, `checkJob`); a new job
 * (such as a sweep) is added with its processor (workers/processors) and, if recurring, its schedule.
 */
export const CATALOGUE = {
  webhooks: {
    'registry-events': {
      // Each delivery's request id (X-Request-Id form) goes into the worker's audit entries for it.
      payload: Ids({ events: Type.Array(RegistryDelivery, { minItems: 1, maxItems: REGISTRY_BATCH_MAX }) }),
      does: 'applies the registry events received in one commit to their users; an event that fails is queued alone as `registry-event`',
    },
    'registry-event': {
      payload: RegistryDelivery,
      does: 'applies one registry event to its user, retried with backoff while its user cannot be found',
      producedBy: 'from the outbox, by `registry-events` for an event that failed there',
    },
  },
  mail: {
    // One object per kind of mail as more come; the kind picks the sender.
    send: {
      payload: Type.Union([
        Ids({ kind: Type.Literal('password_reset'), resetId: Id }),
        Ids({ kind: Type.Literal('password_reset_request'), requestId: Id }),
      ]),
      does: 'mints and sends a password reset or set-password token',
    },
  },
  audit: {
    chain: { payload: Nothing, does: 'hash-chains committed audit entries' },
  },
  renewals: {
    'generate-due': {
      payload: Nothing,
      does: 'queues a `generate` job for every live policy whose term ends within RENEWAL_LEAD_DAYS and has no renewal for its next term',
    },
    generate: {
      // The job id is `renewal-<policyId>-<termFrom>`: one job per policy and term, however often the sweep runs.
      payload: Ids({ policyId: Id, termFrom: Type.String({ format: 'date' }) }),
      does: 'generates the pending renewal of one policy for the term starting termFrom, unless it exists',
      producedBy: 'by `generate-due`, job id `renewal-<policyId>-<termFrom>`',
    },
    'lapse-offers': {
      payload: Nothing,
      does: "lapses pending and offered renewals whose offer expired or whose policy's term ended",
    },
  },
  quotations: {
    expire: { payload: Nothing, does: 'expires quoted quotations whose validUntil day (UTC) has ended' },
  },
  policies: {
    expire: { payload: Nothing, does: 'expires active and reinstated policies whose term has ended' },
  },
  disputes: {
    'escalate-overdue': { payload: Nothing, does: 'escalates open and triaged disputes past their response deadline' },
    'close-ended': {
      payload: Nothing,
      does: 'closes upheld, rejected and withdrawn disputes DISPUTE_CLOSE_AFTER_DAYS after they ended',
    },
  },
  maintenance: {
    'purge-idempotency': { payload: Nothing, does: 'deletes idempotency records older than IDEMPOTENCY_TTL_HOURS' },
    'clean-outbox': { payload: Nothing, does: 'deletes outbox rows dispatched over 7 days ago' },
    'forget-sign-in-records': {
      payload: Nothing,
      does: 'deletes failure counts of emails and device tokens neither locked nor failed for a day, and reset requests handled over 7 days ago',
    },
  },
} as const satisfies Partial<Record<QueueName, Record<string, JobSpec>>>;

type Catalogue = typeof CATALOGUE;
export type JobQueue = keyof Catalogue;
/** A job's catalogue key, `queue.name`: `'mail.send'`. */
export type JobKey = { [Q in JobQueue]: `${Q}.${keyof Catalogue[Q] & string}` }[JobQueue];
type SpecOf<K extends JobKey> = K extends `${infer Q extends JobQueue}.${infer N}`
  ? N extends keyof Catalogue[Q]
    ? Catalogue[Q][N]
    : never
  : never;
/** The payload type of a job, from its schema. */
export type JobPayload<K extends JobKey> = SpecOf<K> extends { payload: infer S extends TSchema } ? Static<S> : never;

/** A job produced from the catalogue; TypeScript checks the name and the payload. */
export function job<K extends JobKey>(key: K, payload: JobPayload<K>): JobInput & { queue: QueueName } {
  const dot = key.indexOf('.');
  return {
    queue: key.slice(0, dot) as QueueName,
    name: key.slice(dot + 1),
    payload: payload as Record<string, unknown>,
  };
}

/** A job that is not in the catalogue or whose payload does not match its schema. Never retried. */
export class InvalidJobError extends Error {
  override name = 'InvalidJobError';
}

export interface CataloguedJob {
  key: JobKey;
  queue: JobQueue;
  name: string;
  spec: JobSpec;
}

/** Every catalogued job, in catalogue order. */
export const catalogued: readonly CataloguedJob[] = Object.entries(CATALOGUE).flatMap(([queue, jobs]) =>
  Object.entries(jobs as Record<string, JobSpec>).map(([name, spec]) => ({
    key: `${queue}.${name}` as JobKey,
    queue: queue as JobQueue,
    name,
    spec,
  })),
);

// Compiled once per process: every write and every processed job is checked.
const validators = new Map<string, { entry: CataloguedJob; validator: Validator }>(
  catalogued.map((entry) => [entry.key, { entry, validator: Compile(entry.spec.payload) }]),
);

/**
 * Checks a job against the catalogue and returns its entry; throws InvalidJobError naming the job
 * and the failing fields (paths and rules, never the values, which may be personal data). The data
 * may carry a `trace` (shared/kernel/trace.ts) beside the catalogued payload.
 */
export function checkJob(queue: string, name: string, data: unknown): CataloguedJob {
  const found = validators.get(`${queue}.${name}`);
  if (!found)
    throw new InvalidJobError(`Unknown job ${queue}.${name}: not in the job catalogue (shared/jobs/catalogue.ts)`);
  const { payload, trace } = splitTrace(data);
  if (trace === false) throw new InvalidJobError(`Invalid payload for job ${queue}.${name}: /trace is not a trace`);
  if (!found.validator.Check(payload)) {
    const problems = found.validator.Errors(payload).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new InvalidJobError(`Invalid payload for job ${queue}.${name}: ${[...new Set(problems)].join('; ')}`);
  }
  return found.entry;
}
