import type { Job } from 'bullmq';
import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import type { Config } from '../config/index.js';
import type { JobDeps } from './deps.js';
import { splitTrace, type Trace } from './trace.js';
import type { JobInput } from './unit-of-work.js';

/** Closed objects: a field a job does not name (an email, a name) is refused. */
export const JobPayload = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });
/** Scheduled jobs find their work themselves. */
export const NoPayload = JobPayload({});

/** When a job recurs: an interval in ms (from a setting, if one sets it) or a cron pattern (UTC). */
export interface JobSchedule {
  /** The scheduler's id in BullMQ: one schedule per id, whatever the number of workers. */
  id: string;
  every?: (config: Config) => number;
  pattern?: string;
  /** The setting that sets `every`, for docs/operations.md. */
  setting?: keyof Config;
}

/**
 * A kind of job: its queue and BullMQ name, its payload (ids only, never personal data or secrets),
 * what it does and, if it recurs, its schedule. Declared with the domain's schemas, so the services
 * that queue it and the processor that runs it both import it without importing each other.
 */
export interface JobType<P extends TSchema = TSchema, Q extends string = string, N extends string = string> {
  queue: Q;
  name: N;
  payload: P;
  /** What the job does, for docs/operations.md. */
  does: string;
  /** Who queues it, when neither the outbox of a change nor a schedule does (for docs/operations.md). */
  producedBy?: string;
  schedule?: JobSchedule;
  /**
   * Rows of this job waiting in the outbox together may be relayed as one job: their `field` lists
   * joined in commit order, at most `max` items (the payload holds that list and nothing else). Its
   * processor must apply each item once whatever job carries it, and any number of items up to `max`.
   */
  merge?: JobMerge;
}

/** How waiting rows of one job merge into one job: the payload's list field, and the most items a job may hold. */
export interface JobMerge {
  field: string;
  max: number;
}

/** How a job runs: its processor, which only translates the job into a service call. */
export interface JobHandlers<P extends TSchema, R = unknown> {
  /** Called with the payload already checked, and the trace of the request that caused the job, if one did. */
  process(deps: JobDeps, payload: Static<P>, job: Job, trace?: Trace): Promise<R>;
  /** The ids of the request behind a job whose payload names them itself (a registry delivery), for its log lines. */
  causeOf?(payload: Static<P>): Trace | undefined;
  /** The trace contexts of the requests behind a job made for many (a batch of registry deliveries): its span links to them. */
  linksOf?(payload: Static<P>): (string | undefined)[];
  /** What a run did, in words, for the job's end line ("expired 12 quotations"); the counts of its result otherwise. */
  summary?(result: R): string;
}

/** A job of the service as its domain's manifest lists it; the job catalogue is every domain's (shared/jobs/catalogue.ts). */
export type JobDefinition<P extends TSchema = TSchema, Q extends string = string, N extends string = string> = JobType<
  P,
  Q,
  N
> &
  JobHandlers<P>;

/** Declares a kind of job. */
export const jobType = <const Q extends string, const N extends string, P extends TSchema>(
  type: JobType<P, Q, N>,
): JobType<P, Q, N> => type;

/** A kind of job with its processor; the payload's type flows into it. */
export const defineJob = <const Q extends string, const N extends string, P extends TSchema, R>(
  type: JobType<P, Q, N>,
  handlers: JobHandlers<P, R>,
): JobDefinition<P, Q, N> => ({ ...type, ...(handlers as JobHandlers<P>) });

/** An outbox row for a job, its payload typed by the job's schema (checked again by the unit of work). */
export const produce = <P extends TSchema>(type: JobType<P>, payload: Static<P>): JobInput => ({
  queue: type.queue,
  name: type.name,
  payload: payload as Record<string, unknown>,
});

/** A job that is not in the catalogue or whose payload does not match its schema. Never retried. */
export class InvalidJobError extends Error {
  override name = 'InvalidJobError';
}

const validators = new WeakMap<TSchema, Validator>();
const validatorOf = (schema: TSchema): Validator => {
  const found = validators.get(schema) ?? Compile(schema);
  validators.set(schema, found);
  return found;
};

/**
 * Checks a job's data against its type (compiled once per process); throws InvalidJobError naming
 * the job and the failing fields (paths and rules, never the values, which may be personal data).
 * The data may carry a `trace` (trace.ts) beside the payload.
 */
export function checkPayload(type: JobType, data: unknown): void {
  const { queue, name } = type;
  const { payload, trace } = splitTrace(data);
  if (trace === false) throw new InvalidJobError(`Invalid payload for job ${queue}.${name}: /trace is not a trace`);
  const validator = validatorOf(type.payload);
  if (!validator.Check(payload)) {
    const problems = validator.Errors(payload).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new InvalidJobError(`Invalid payload for job ${queue}.${name}: ${[...new Set(problems)].join('; ')}`);
  }
}

/** Every job of the service, by `queue.name`. */
export class JobCatalogue {
  /** The queues, in the order their first job is declared. */
  readonly queues: readonly string[];
  private readonly byKey = new Map<string, JobDefinition>();

  constructor(readonly definitions: readonly JobDefinition[]) {
    this.queues = [...new Set(definitions.map((d) => d.queue))];
    for (const definition of definitions) {
      const key = `${definition.queue}.${definition.name}`;
      if (this.byKey.has(key)) throw new Error(`Job ${key} is declared twice`);
      this.byKey.set(key, definition);
    }
  }

  /** How rows of this job merge in the outbox relay, if they do. */
  mergeOf(queue: string, name: string): JobMerge | undefined {
    return this.byKey.get(`${queue}.${name}`)?.merge;
  }

  /** The job's definition once its data is checked (checkPayload); InvalidJobError for a job nobody declares. */
  check(queue: string, name: string, data: unknown): JobDefinition {
    const found = this.byKey.get(`${queue}.${name}`);
    if (!found) throw new InvalidJobError(`Unknown job ${queue}.${name}: not in the job catalogue`);
    checkPayload(found, data);
    return found;
  }
}
