import { raw } from '@mikro-orm/core';
import type { Queue } from 'bullmq';
import { uuidv7 } from '../../ids.js';
import { checkJob, job } from '../../jobs/catalogue.js';
import { SWEEP_BATCH, type Sweep, type SweepDeps, sweep } from '../../jobs/sweep.js';
import { traceOf, withTrace } from '../../jobs/trace.js';
import type { Act, UserAct } from '../act.js';
import type { ServiceDeps } from '../deps.js';
import { todayUtc } from '../policies/policy-sweeps.js';
import { transition } from '../workflow.js';
import { Quotation } from './quotation.entity.js';
import { QUOTATION_WORKFLOW } from './quotation.workflow.js';

/**
 * The expiry sweep: quoted quotations whose validUntil day (UTC) has ended become expired. A quote
 * holds through its whole validUntil day, so only a validUntil before today is due.
 */
export const EXPIRE_QUOTATIONS: Sweep<'quotations'> = {
  name: 'expire-quotations',
  table: 'quotations',
  candidates: (from) =>
    from.where('status', 'in', QUOTATION_WORKFLOW.steps.expire.from).where('valid_until', '<', todayUtc),
  apply: async (em, id) => {
    const quotation = await em.findOneOrFail(Quotation, id);
    const from = quotation.status;
    Object.assign(quotation, {
      status: transition(QUOTATION_WORKFLOW, 'expire', from),
      expiredAt: raw<Date>('now()'),
    });
    return {
      result: null,
      audit: {
        action: QUOTATION_WORKFLOW.steps.expire.audit,
        subjectType: 'quotation',
        subjectId: id,
        summary: { from, validUntil: quotation.validUntil },
      },
    };
  },
};

/** The expiry sweep as a job runs it, in batches of SWEEP_BATCH. */
export const expireQuotations = (deps: SweepDeps, act: Act) =>
  sweep(deps, EXPIRE_QUOTATIONS, { act, batchSize: SWEEP_BATCH });

/** While a manual sweep with this deduplication id is waiting or running, another request joins it. */
const MANUAL_SWEEP = 'quotations-expire-manual';

export interface SweepRequest {
  jobId: string;
  state: string;
  /** A new job was queued (201) rather than one already waiting or running found (200). */
  queued: boolean;
}

/**
 * POST /quotations/sweep/expire: hands the expiry sweep to the `quotations` worker, once. The job goes
 * straight to BullMQ rather than through the outbox: it changes nothing in the database, and a job
 * lost between this request and Redis is a sweep that the next call or the schedule runs anyway.
 * BullMQ's deduplication decides atomically in Redis: while the last manual sweep is waiting or
 * running its id comes back (200); once it has finished a new one is queued (201).
 */
export async function requestQuotationSweep(
  deps: ServiceDeps,
  act: UserAct,
  input: { queue: Pick<Queue, 'add' | 'getJob'> },
): Promise<SweepRequest> {
  const { name } = job('quotations.expire', {});
  const payload = withTrace({}, traceOf(act));
  checkJob('quotations', name, payload);
  const candidateId = `expire-manual-${uuidv7()}`;
  const added = await input.queue.add(name, payload, {
    jobId: candidateId,
    deduplication: { id: MANUAL_SWEEP },
    attempts: 3,
    backoff: { type: 'exponential', delay: 1000 },
  });
  const jobId = added.id ?? candidateId;
  const queued = jobId === candidateId;
  const found = queued ? added : await input.queue.getJob(jobId);
  const state = found ? await found.getState() : 'unknown';
  return deps.uow.run(act, async () => ({
    result: { jobId, state, queued },
    audit: {
      action: 'quotation.sweep.request',
      subjectType: 'job',
      subjectId: jobId,
      summary: { queue: 'quotations', job: name, queued, state },
    },
  }));
}
