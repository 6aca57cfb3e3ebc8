import type { Config } from './config/index.js';
import { type Orm, openOrm } from './db/orm.js';
import {
  AuditChainHead,
  AuditEntry,
  AuditLink,
  DomainEvent,
  IdempotencyRecord,
  OutboxRow,
  PublishedEvent,
} from './db/write-path.entities.js';
import { accessDomain } from './domain/access/index.js';
import { apiClientsDomain } from './domain/api-clients/index.js';
import { auditDomain } from './domain/audit/index.js';
import { claimsDomain } from './domain/claims/index.js';
import { disputesDomain } from './domain/disputes/index.js';
import { eventsDomain } from './domain/events/index.js';
import { idPatternsDomain } from './domain/id-patterns/index.js';
import { identityDomain } from './domain/identity/index.js';
import { investmentProductsDomain } from './domain/investment-products/index.js';
import { mailDomain } from './domain/mail/index.js';
import { maintenanceDomain } from './domain/maintenance/index.js';
import { notificationTemplatesDomain } from './domain/notification-templates/index.js';
import { operationalPoliciesDomain } from './domain/operational-policies/index.js';
import { policiesDomain } from './domain/policies/index.js';
import { premiumsDomain } from './domain/premiums/index.js';
import { quotationsDomain } from './domain/quotations/index.js';
import { registryDomain } from './domain/registry/index.js';
import { renewalsDomain } from './domain/renewals/index.js';
import { usersDomain } from './domain/users/index.js';
import { webhookEndpointsDomain } from './domain/webhook-endpoints/index.js';
import type { DomainManifest } from './kernel/manifest.js';

/**
 * The one list of the service's domains: a domain is added with its folder and a line here. The
 * central lists are built from it, never written by hand twice: the ORM's entities (below), the job
 * catalogue, queues and schedules (shared/jobs/catalogue.ts), the services' deps (shared/services.ts),
 * the permissions, error codes and workflow docs (shared/catalogues.ts). Its order is the order of
 * those lists: the queues on /system/info and in Bull Board, the permissions of GET /permissions.
 */
export const domains = [
  registryDomain,
  usersDomain,
  accessDomain,
  identityDomain,
  apiClientsDomain,
  auditDomain,
  renewalsDomain,
  quotationsDomain,
  policiesDomain,
  premiumsDomain,
  disputesDomain,
  claimsDomain,
  eventsDomain,
  webhookEndpointsDomain,
  idPatternsDomain,
  operationalPoliciesDomain,
  notificationTemplatesDomain,
  investmentProductsDomain,
  mailDomain,
  maintenanceDomain,
] as const;

/** The write path's own tables: outbox, audit entries and their chain, idempotency, events. */
export const WRITE_PATH_ENTITIES = [
  OutboxRow,
  AuditEntry,
  AuditChainHead,
  AuditLink,
  IdempotencyRecord,
  DomainEvent,
  PublishedEvent,
];
/** Every table, as an entity: the write path's own, then each domain's. */
export const entities = [
  ...WRITE_PATH_ENTITIES,
  ...(domains as readonly DomainManifest[]).flatMap((domain) => domain.entities),
];

/** The service's ORM over every domain's entities; `applicationName` names the connections in pg_stat_activity. */
export const createOrm = (
  config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_MAX'> &
    Partial<Pick<Config, 'DATABASE_READ_URL' | 'DATABASE_POOLER'>>,
  applicationName?: string,
): Promise<Orm> =>
  openOrm(
    config,
    entities,
    applicationName,
    (domains as readonly DomainManifest[]).flatMap((d) => d.migrations ?? []),
  );
