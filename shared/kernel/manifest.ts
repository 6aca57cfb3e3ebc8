import type { EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { DemoStep } from './demo.js';
import type { ProvideContext, Provided } from './deps.js';
import type { ErrorCodeSpec } from './errors.js';
import type { JobDefinition } from './jobs.js';
import type { PublishedEventSpec } from './published-events.js';
import type { Seed } from './seed.js';
import type { Workflow } from './workflow.js';

/**
 * A domain's manifest: what it gives the service as a whole, exported by its index.ts and listed once
 * in shared/domains.ts, from which the central lists are built (the ORM's entities, the job
 * catalogue, the queues, the schedules, the services' deps).
 */
export interface DomainManifest {
  /** The domain's folder name under shared/domain/. */
  name: string;
  /** Its tables, as entities: the ORM is given every domain's. */
  // biome-ignore lint/suspicious/noExplicitAny: entities of any shape
  entities: readonly EntitySchema<any, any>[];
  /**
   * The migrations that create and change its tables, if it keeps them in its own folder (the first
   * domains' are in shared/db/migrations); applied after those, in the order of their names.
   */
  migrations?: readonly MigrationObject[];
  /** Its permissions, name to description (declared in `<domain>.permissions.ts`). */
  permissions?: Readonly<Record<string, string>>;
  /** The integration events it publishes (GET /events, outbound webhooks), type to what it means. */
  publishes?: Readonly<Record<string, PublishedEventSpec>>;
  /** Its state machines, for docs/workflows.md. */
  // biome-ignore lint/suspicious/noExplicitAny: each workflow has states and actions of its own
  workflows?: readonly Workflow<any, any>[];
  /** Its jobs, each with its processor and, if it recurs, its schedule. */
  // biome-ignore lint/suspicious/noExplicitAny: each job has a payload of its own
  jobs?: readonly JobDefinition<any>[];
  /** Its own error codes (`<domain>.errors.ts`), for the error catalogue and docs/errors.md. */
  errors?: Readonly<Record<string, ErrorCodeSpec>>;
  /** What every install has of it, seeded at every start (the system roles, the bootstrap admin). */
  seed?: Seed;
  /** Its part of the demo data set (`npm run db:seed`). */
  demo?: DemoStep;
  /** The services of its own it adds to every service's deps (see kernel/deps.ts). */
  provide?: (context: ProvideContext) => Provided;
}

export const defineDomain = <const M extends DomainManifest>(manifest: M): M => manifest;
