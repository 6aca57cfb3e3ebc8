import type { Job } from 'bullmq';
import { chainAuditEntries } from '../../shared/audit/chain.js';
import type { ServiceDeps } from '../../shared/domain/deps.js';
import { cleanOutbox, purgeIdempotencyRecords } from '../../shared/domain/maintenance/maintenance.js';
import { sendPasswordResetMail } from '../../shared/domain/mail/password-reset-mail.js';
import type { MailTransport } from '../../shared/domain/mail/transport.js';
import { processRegistryEvent } from '../../shared/domain/registry/registry-events.js';
import { JOBS, type QueueName } from '../../shared/queues/names.js';

/** What processors are given: the services' deps plus the worker's own outbound channels. */
export interface WorkerDeps extends ServiceDeps { mail: MailTransport }

export type Processor = (deps: WorkerDeps, job: Job) => Promise<unknown>;

/** Job name to service call, per queue. Processors only translate a job into a service call. */
export const processors: Partial<Record<QueueName, Record<string, Processor>>> = {
  webhooks: {
    [JOBS.webhooks.registryEvent]: (deps, job) => processRegistryEvent(deps, String(job.data.eventId), job.attemptsMade + 1),
  },
  mail: {
    [JOBS.mail.send]: (deps, job) => {
      if (job.data.kind === 'password_reset') return sendPasswordResetMail(deps, deps.mail, String(job.data.resetId));
      throw new Error(`Unknown mail kind ${job.data.kind}`);
    },
  },
  audit: {
    [JOBS.audit.chain]: (deps) => chainAuditEntries(deps.orm),
  },
  maintenance: {
    [JOBS.maintenance.purgeIdempotency]: async (deps) => ({ purged: await purgeIdempotencyRecords(deps) }),
    [JOBS.maintenance.cleanOutbox]: async (deps) => ({ deleted: await cleanOutbox(deps) }),
  },
};
