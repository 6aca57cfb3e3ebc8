import { raw } from '@mikro-orm/core';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { Act } from '../../kernel/act.js';
import { today } from '../../kernel/clock.js';
import { produce } from '../../kernel/jobs.js';
import { DEFAULT_JOB_OPTIONS, type QueueSet } from '../../kernel/queue-set.js';
import { type Candidates, SWEEP_BATCH, type Sweep, type SweepDeps, sweep } from '../../kernel/sweep.js';
import { transition } from '../../kernel/workflow.js';
import { PolicyEntity as Policy } from '../policies/index.js';
import { OPEN_RENEWAL_STATUSES, Renewal } from './renewal.entity.js';
import { GENERATE_RENEWAL } from './renewal.jobs.js';
import { RENEWAL_WORKFLOW } from './renewal.workflow.js';
import { createRenewal, renewalTerm } from './renewals.service.js';

/**
 * The policies due for renewal: live, their term ending within `leadDays`, and without a renewal for
 * their next term (whatever its status: a declined or lapsed one is not generated again) nor any open
 * one, and not in arrears. The (policy, next term) pair is the idempotency key of generation.
 */
const dueForRenewal = (from: Candidates<'policies'>, today: string, leadDays: number) =>
  from
    .where('status', 'in', ['active', 'reinstated'])
    .where('effective_to', '<=', sql<string>`${today}::date + ${leadDays}::int`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('renewals as r')
            .select('r.id')
            .whereRef('r.policy_id', '=', 'policies.id')
            .where((eb) =>
              eb.or([
                eb('r.term_from', '=', sql<string>`policies.effective_to + 1`),
                eb('r.status', 'in', OPEN_RENEWAL_STATUSES),
              ]),
            ),
        ),
      ),
    )
    // A policy in arrears (an instalment still due after its day) is not offered its next term.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('premium_instalments as i')
            .select('i.id')
            .whereRef('i.policy_id', '=', 'policies.id')
            .where('i.status', '=', 'due')
            .where('i.due_on', '<', sql<string>`${today}::date`),
        ),
      ),
    );

/** The daily lapse sweep: pending or offered renewals whose offer has expired or whose policy's term has ended. */
export const LAPSE_RENEWALS: Sweep<'renewals'> = {
  name: 'lapse-renewals',
  table: 'renewals',
  candidates: (from, { now, today }) =>
    from
      .where('status', 'in', RENEWAL_WORKFLOW.steps.lapse.from)
      .where((eb) => eb.or([eb('offer_expires_at', '<=', now as never), eb('term_from', '<=', today)])),
  apply: async (em, id) => {
    const renewal = await em.findOneOrFail(Renewal, id);
    const from = renewal.status;
    const reason = renewal.offerExpiresAt && renewal.offerExpiresAt <= new Date() ? 'offer expired' : 'term ended';
    Object.assign(renewal, { status: transition(RENEWAL_WORKFLOW, 'lapse', from), lapsedAt: raw<Date>('now()') });
    return {
      result: null,
      audit: {
        action: RENEWAL_WORKFLOW.steps.lapse.audit,
        subjectType: 'renewal',
        subjectId: id,
        summary: { from, reason },
      },
      events: [
        {
          stream: { type: 'policy', id: renewal.policyId },
          type: 'renewal.lapsed',
          subjectType: 'renewal',
          subjectId: id,
          data: { from, reason },
        },
      ],
    };
  },
};

/** BullMQ job ids allow no `:`; this one names the policy and the term, so a job per policy and term. */
export const renewalJobId = (policyId: string, termFrom: string) => `renewal-${policyId}-${termFrom}`;

/** Every policy due for renewal with the term its renewal starts, in id order, a batch at a time (never all in memory). */
export async function walkDueRenewals(
  deps: Pick<SweepDeps, 'orm' | 'config' | 'clock'>,
  onBatch: (batch: { policyId: string; termFrom: string }[]) => Promise<void>,
): Promise<{ due: number }> {
  let due = 0;
  let after: string | undefined;
  const day = today(deps.clock);
  for (;;) {
    const from = db(deps.orm.em.fork()).selectFrom('policies') as Candidates<'policies'>;
    const batch = await dueForRenewal(from, day, deps.config.RENEWAL_LEAD_DAYS)
      .select(['policies.id as policyId', sql<string>`(policies.effective_to + 1)::text`.as('termFrom')])
      .$if(after !== undefined, (q) => q.where('policies.id', '>', after!))
      .orderBy('policies.id')
      .limit(SWEEP_BATCH)
      .execute();
    if (batch.length) await onBatch(batch);
    due += batch.length;
    if (batch.length < SWEEP_BATCH) return { due };
    after = batch.at(-1)!.policyId;
  }
}

/**
 * The daily sweep's first half: one `renewals.generate` job per due policy and term. BullMQ keeps one
 * job per id, so running the sweep again, or twice at once, queues nothing new for a term already
 * queued; the job itself checks again in its transaction, so a renewal is never generated twice.
 */
export const queueDueRenewals = (deps: SweepDeps & { queues: QueueSet }, _act: Act) =>
  walkDueRenewals(deps, async (batch) => {
    await deps.queues.get(GENERATE_RENEWAL.queue).addBulk(
      batch.map(({ policyId, termFrom }) => {
        const { name, payload } = produce(GENERATE_RENEWAL, { policyId, termFrom });
        return { name, data: payload, opts: { ...DEFAULT_JOB_OPTIONS, jobId: renewalJobId(policyId, termFrom) } };
      }),
    );
  });

/** The sweep's second half, one job per policy and term: the renewal, if the policy is still due for that term. */
export async function generateRenewalForTerm(
  deps: SweepDeps,
  act: Act,
  { policyId, termFrom }: { policyId: string; termFrom: string },
): Promise<'generated' | 'not-due' | 'out-of-range'> {
  return deps.uow.run(act, async (em) => {
    const from = db(em).selectFrom('policies') as Candidates<'policies'>;
    const stillDue = await dueForRenewal(from, today(deps.clock), deps.config.RENEWAL_LEAD_DAYS)
      .select('policies.id')
      .where('policies.id', '=', policyId)
      .where(sql<boolean>`policies.effective_to + 1 = ${termFrom}::date`)
      .forUpdate()
      .executeTakeFirst();
    if (!stillDue) return { result: 'not-due' as const, audit: [] };
    const policy = await em.findOneOrFail(Policy, policyId);
    // A next term the service cannot keep (past 2999-12-31, over 50 years) is no error to retry: skipped, and said.
    const { problem } = renewalTerm(policy);
    if (problem) {
      deps.log.warn({ policyId, termFrom, problem: problem.details }, `renewal not generated: ${problem.message}`);
      return { result: 'out-of-range' as const, audit: [] };
    }
    const { audit, jobs, events } = await createRenewal(em, policy);
    return { result: 'generated' as const, audit, jobs, events };
  });
}

export const lapseRenewals = (deps: SweepDeps, act: Act) =>
  sweep(deps, LAPSE_RENEWALS, { act, batchSize: SWEEP_BATCH });
