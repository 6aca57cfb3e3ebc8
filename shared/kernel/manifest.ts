import type { EntitySchema } from '@mikro-orm/core';

/**
 * A domain's manifest: what it gives the service as a whole, exported by its index.ts and listed once
 * in shared/domains.ts, from which the central lists are built (the ORM's entities first).
 */
export interface DomainManifest {
  /** The domain's folder name under shared/domain/. */
  name: string;
  /** Its tables, as entities: the ORM is given every domain's. */
  // biome-ignore lint/suspicious/noExplicitAny: entities of any shape
  entities: readonly EntitySchema<any, any>[];
}

export const defineDomain = <const M extends DomainManifest>(manifest: M): M => manifest;
