import { raw } from '@mikro-orm/core';
import type { Queue } from 'bullmq';
import type { Act, UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { uuidv7 } from '../../kernel/ids.js';
import { checkPayload } from '../../kernel/jobs.js';
import { SWEEP_BATCH, type Sweep, type SweepDeps, sweep } from '../../kernel/sweep.js';
import { traceOf, withTrace } from '../../kernel/trace.js';
import { transition } from '../../kernel/workflow.js';
import { Quotation } from './quotation.entity.js';
import { EXPIRE_QUOTATIONS_JOB } from './quotation.jobs.js';
import { QUOTATION_WORKFLOW } from './quotation.workflow.js';

/**
 * The expiry sweep: quoted quotations whose validUntil day (UTC) has ended become expired. A quote
 * holds through its whole validUntil day, so only a validUntil before today is due.
 */
export const EXPIRE_QUOTATIONS: Sweep<'quotations'> = {
  name: 'expire-quotations',
  table: 'quotations',
  candidates: (from, { today }) =>
    from.where('status', 'in', QUOTATION_WORKFLOW.steps.expire.from).where('valid_until', '<', today),
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
 * A sweep already waiting or running, the job scheduler's included, is answered (200) instead of a
 * second one. Otherwise BullMQ's deduplication decides atomically in Redis between manual calls: while
 * the last manual sweep is waiting or running its id comes back (200); once it has finished a new one
 * is queued (201).
 */
export async function requestQuotationSweep(
  deps: ServiceDeps,
  act: UserAct,
  input: { queue: Pick<Queue, 'add' | 'getJob' | 'getJobs'> },
): Promise<SweepRequest> {
  const { name } = EXPIRE_QUOTATIONS_JOB;
  const payload = withTrace({}, traceOf(act));
  checkPayload(EXPIRE_QUOTATIONS_JOB, payload);
  const found = await sweepUnderWay(input.queue, name);
  if (found) return recordSweepRequest(deps, act, name, { jobId: found.id, state: found.state, queued: false });
  const candidateId = `expire-manual-${uuidv7()}`;
  const added = await input.queue.add(name, payload, {
    jobId: candidateId,
    deduplication: { id: MANUAL_SWEEP },
    attempts: 3,
    backoff: { type: 'exponential', delay: 1000 },
  });
  const jobId = added.id ?? candidateId;
  const queued = jobId === candidateId;
  const existing = queued ? added : await input.queue.getJob(jobId);
  const state = existing ? await existing.getState() : 'unknown';
  return recordSweepRequest(deps, act, name, { jobId, state, queued });
}

const recordSweepRequest = (deps: ServiceDeps, act: UserAct, name: string, result: SweepRequest) =>
  deps.uow.run(act, async () => ({
    result,
    audit: {
      action: 'quotation.sweep.request',
      subjectType: 'job',
      subjectId: result.jobId,
      summary: { queue: 'quotations', job: name, queued: result.queued, state: result.state },
    },
  }));

/**
 * A sweep running or waiting to run, manual or the job scheduler's, running first. The queue holds
 * only sweeps, so these lists are short; the scheduler's next run, delayed until its time, is not one.
 * (A scheduled run that comes due between this look and the add below runs beside the manual one:
 * the sweep is safe to run twice at once, item by item.)
 */
async function sweepUnderWay(queue: Pick<Queue, 'getJobs'>, name: string) {
  for (const state of ['active', 'waiting', 'prioritized'] as const) {
    const jobs = await queue.getJobs([state], 0, 99, true);
    const sweep = jobs.find((j) => j?.name === name && j.id);
    if (sweep?.id) return { id: sweep.id, state };
  }
  return undefined;
}
