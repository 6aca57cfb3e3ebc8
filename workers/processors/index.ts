import type { Job } from 'bullmq';
import { chainAuditEntries } from '../../shared/audit/chain.js';
import type { ServiceDeps } from '../../shared/domain/deps.js';
import { cleanOutbox, purgeIdempotencyRecords } from '../../shared/domain/maintenance/maintenance.js';
import { processRegistryEvent } from '../../shared/domain/registry/registry-events.js';
import { JOBS, type QueueName } from '../../shared/queues/names.js';

export type Processor = (deps: ServiceDeps, job: Job) => Promise<unknown>;

/** Job name to service call, per queue. Processors only translate a job into a service call. */
export const processors: Partial<Record<QueueName, Record<string, Processor>>> = {
  webhooks: {
    [JOBS.webhooks.registryEvent]: (deps, job) => processRegistryEvent(deps, String(job.data.eventId), job.attemptsMade + 1),
  },
  audit: {
    [JOBS.audit.chain]: (deps) => chainAuditEntries(deps.orm),
  },
  maintenance: {
    [JOBS.maintenance.purgeIdempotency]: async (deps) => ({ purged: await purgeIdempotencyRecords(deps) }),
    [JOBS.maintenance.cleanOutbox]: async (deps) => ({ deleted: await cleanOutbox(deps) }),
  },
};
