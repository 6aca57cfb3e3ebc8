import type { Static } from 'typebox';
import { domains } from '../domains.js';
import { InvalidJobError, JobCatalogue, type JobDefinition, type JobType, produce } from '../kernel/jobs.js';
import type { JobInput } from '../kernel/unit-of-work.js';

export { InvalidJobError };
/** What docs/operations.md says of a job. */
export type JobSpec = JobType;

type Domain = (typeof domains)[number];
/** Every job definition of every domain, as a union of their types. */
type AnyJob = Domain extends infer D ? (D extends { jobs: readonly (infer J)[] } ? J : never) : never;
/** A job's catalogue key, `queue.name`: `'mail.send'`. */
export type JobKey = AnyJob extends infer J
  ? J extends { queue: infer Q extends string; name: infer N extends string }
    ? `${Q}.${N}`
    : never
  : never;
type DefinitionOf<K extends JobKey> = Extract<
  AnyJob,
  { queue: K extends `${infer Q}.${string}` ? Q : never; name: K extends `${string}.${infer N}` ? N : never }
>;
/** The payload type of a job, from its schema. */
export type JobPayload<K extends JobKey> = DefinitionOf<K> extends JobType<infer P> ? Static<P> : never;

/**
 * The job catalogue: every domain's jobs (their manifests' `jobs`), by queue and BullMQ name. A job is
 * produced and processed only if it is here; the unit of work and the worker both check against it.
 */
export const catalogue = new JobCatalogue(domains.flatMap((d) => ('jobs' in d ? d.jobs : []) as JobDefinition[]));

/** Every BullMQ queue of the service, each visible in Bull Board: the queues the domains' jobs name. */
export const QUEUE_NAMES: readonly string[] = catalogue.queues;

/** Checks a job against the catalogue and returns its definition (InvalidJobError otherwise). */
export const checkJob = (queue: string, name: string, data: unknown): JobDefinition =>
  catalogue.check(queue, name, data);

/** A job by its catalogue key; TypeScript checks the key and the payload (domains use `produce` with their own types). */
export function job<K extends JobKey>(key: K, payload: JobPayload<K>): JobInput {
  const dot = key.indexOf('.');
  const found = catalogue.definitions.find((d) => d.queue === key.slice(0, dot) && d.name === key.slice(dot + 1));
  if (!found) throw new InvalidJobError(`Unknown job ${key}`);
  return produce(found, payload as never);
}

export interface CataloguedJob {
  key: JobKey;
  queue: string;
  name: string;
  spec: JobSpec;
}

/** Every catalogued job, in the order of the domains and of their manifests. */
export const catalogued: readonly CataloguedJob[] = catalogue.definitions.map((spec) => ({
  key: `${spec.queue}.${spec.name}` as JobKey,
  queue: spec.queue,
  name: spec.name,
  spec,
}));
