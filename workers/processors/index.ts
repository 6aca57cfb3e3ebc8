import type { Job } from 'bullmq';
import { chainAuditEntries } from '../../shared/audit/chain.js';
import { systemAct, webhookAct } from '../../shared/domain/act.js';
import type { ServiceDeps } from '../../shared/domain/deps.js';
import { sendPasswordResetMail } from '../../shared/domain/mail/password-reset-mail.js';
import type { MailTransport } from '../../shared/domain/mail/transport.js';
import { cleanOutbox, purgeIdempotencyRecords } from '../../shared/domain/maintenance/maintenance.js';
import { processRegistryEvent } from '../../shared/domain/registry/registry-events.js';
import type { JobKey, JobPayload } from '../../shared/jobs/catalogue.js';

/** What processors are given: the services' deps plus the worker's own outbound channels. */
export interface WorkerDeps extends ServiceDeps {
  mail: MailTransport;
}

/** Called with the payload already checked against the catalogue (see run-job.ts). */
export type Processor<K extends JobKey> = (deps: WorkerDeps, payload: JobPayload<K>, job: Job) => Promise<unknown>;

/** One processor per catalogued job; processors only translate a job into a service call. */
export const processors: { [K in JobKey]: Processor<K> } = {
  'webhooks.registry-event': (deps, { eventId }, job) =>
    processRegistryEvent(deps, webhookAct(), { eventId, attempt: job.attemptsMade + 1 }),
  'mail.send': async (deps, payload) => {
    // The kind picks the sender; a new kind in the catalogue fails typecheck here until it has one.
    switch (payload.kind) {
      case 'password_reset':
        return sendPasswordResetMail(deps, systemAct(), payload);
      default:
        throw new Error(`No sender for mail kind ${payload.kind satisfies never}`);
    }
  },
  'audit.chain': (deps) => chainAuditEntries(deps.orm),
  'maintenance.purge-idempotency': async (deps) => ({ purged: await purgeIdempotencyRecords(deps) }),
  'maintenance.clean-outbox': async (deps) => ({ deleted: await cleanOutbox(deps) }),
};
