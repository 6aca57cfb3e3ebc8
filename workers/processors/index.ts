import type { Job } from 'bullmq';
import { chainAuditEntries } from '../../shared/domain/audit/index.js';
import type { ServiceDeps } from '../../shared/domain/deps.js';
import { closeDisputes, escalateOverdueDisputes } from '../../shared/domain/disputes/index.js';
import type { MailTransport } from '../../shared/domain/mail/index.js';
import { mailPasswordResetRequest, sendPasswordResetMail } from '../../shared/domain/mail/index.js';
import { cleanOutbox, forgetSignInRecords, purgeIdempotencyRecords } from '../../shared/domain/maintenance/index.js';
import { expirePolicies } from '../../shared/domain/policies/index.js';
import { expireQuotations } from '../../shared/domain/quotations/index.js';
import { processRegistryEvent, processRegistryEvents } from '../../shared/domain/registry/index.js';
import { generateRenewalForTerm, lapseRenewals, queueDueRenewals } from '../../shared/domain/renewals/index.js';
import type { JobKey, JobPayload } from '../../shared/jobs/catalogue.js';
import { systemAct, webhookAct } from '../../shared/kernel/act.js';
import type { QueueSet } from '../../shared/kernel/queue-set.js';
import type { Trace } from '../../shared/kernel/trace.js';

/** What processors are given: the services' deps plus the worker's own outbound channels. */
export interface WorkerDeps extends ServiceDeps {
  mail: MailTransport;
  /** For jobs that fan out into jobs of their own (the renewal sweep). */
  queues: QueueSet;
}

/**
 * Called with the payload already checked against the catalogue (see run-job.ts), and the trace of
 * the request that caused the job, if one did.
 */
export type Processor<K extends JobKey> = (
  deps: WorkerDeps,
  payload: JobPayload<K>,
  job: Job,
  trace?: Trace,
) => Promise<unknown>;

/** The system acting for a job: under the ids of the request that caused it, else under the job's own id. */
const jobAct = (job: Job, trace?: Trace) => systemAct(trace?.requestId ?? job.id, trace?.correlationId);

/** One processor per catalogued job; processors only translate a job into a service call. */
export const processors: { [K in JobKey]: Processor<K> } = {
  'webhooks.registry-events': (deps, { events }, job) =>
    processRegistryEvents(deps, webhookAct(), { events, attempt: job.attemptsMade + 1 }),
  'webhooks.registry-event': (deps, { eventId, requestId, correlationId }, job) =>
    processRegistryEvent(deps, webhookAct(requestId, correlationId), { eventId, attempt: job.attemptsMade + 1 }),
  'mail.send': async (deps, payload, job, trace) => {
    // The kind picks the sender; a new kind in the catalogue fails typecheck here until it has one.
    switch (payload.kind) {
      case 'password_reset':
        return sendPasswordResetMail(deps, jobAct(job, trace), payload);
      case 'password_reset_request':
        return mailPasswordResetRequest(deps, jobAct(job, trace), payload);
      default:
        throw new Error(`No sender for mail kind ${(payload satisfies never as { kind: string }).kind}`);
    }
  },
  'audit.chain': (deps) => chainAuditEntries(deps.orm),
  'renewals.generate-due': (deps, _payload, job, trace) => queueDueRenewals(deps, jobAct(job, trace)),
  'renewals.generate': (deps, payload, job, trace) => generateRenewalForTerm(deps, jobAct(job, trace), payload),
  'renewals.lapse-offers': (deps, _payload, job, trace) => lapseRenewals(deps, jobAct(job, trace)),
  'quotations.expire': (deps, _payload, job, trace) => expireQuotations(deps, jobAct(job, trace)),
  'policies.expire': (deps, _payload, job, trace) => expirePolicies(deps, jobAct(job, trace)),
  'disputes.escalate-overdue': (deps, _payload, job, trace) => escalateOverdueDisputes(deps, jobAct(job, trace)),
  'disputes.close-ended': (deps, _payload, job, trace) => closeDisputes(deps, jobAct(job, trace)),
  'maintenance.purge-idempotency': async (deps) => ({ purged: await purgeIdempotencyRecords(deps) }),
  'maintenance.clean-outbox': async (deps) => ({ deleted: await cleanOutbox(deps) }),
  'maintenance.forget-sign-in-records': (deps) => forgetSignInRecords(deps),
};
