import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import { flushOrConflict } from '../../db/flush.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import { type At, defineActions, runAction, runStep } from '../../kernel/action.js';
import { today } from '../../kernel/clock.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { DomainRuleError, NotFoundError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { listPage, type Page } from '../../kernel/list.js';
import { type Money, notPositive } from '../../kernel/money.js';
import { readSide } from '../../kernel/reads.js';
import { assertFilterInScope, inScope, scopeFilter } from '../../kernel/scope.js';
import type { Outcome } from '../../kernel/unit-of-work.js';
import { transition } from '../../kernel/workflow.js';
import { nextNumber } from '../id-patterns/index.js';
import { computedTermProblem, type IPolicy, nextTerm, POLICY_ACTIONS, POLICY_WORKFLOW } from '../policies/index.js';
import { assertNoArrears } from '../premiums/index.js';
import { type IRenewal, Renewal } from './renewal.entity.js';
import { RENEWAL_LIST, RENEWAL_SCOPE_COLUMNS, RENEWAL_SCOPE_FIELDS } from './renewal.list.js';
import type { RenewalFilters, RenewalView } from './renewal.schemas.js';
import { loadRenewalView, type RenewalViewRow, renewalViews, toRenewalView } from './renewal.view.js';
import { RENEWAL_WORKFLOW } from './renewal.workflow.js';

type RenewalSort = (typeof RENEWAL_LIST.sortable)[number];

export async function listRenewals(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: RenewalFilters & { q?: string }; page: Keyset<RenewalSort> },
): Promise<Page<RenewalViewRow>> {
  assertFilterInScope(act.caller.scope, input.filters);
  return listPage(RENEWAL_LIST, readSide(deps, act), act.caller.scope, input);
}

export async function getRenewal(deps: ServiceDeps, act: UserAct, input: { id: string }): Promise<RenewalView> {
  const row = await renewalViews(readSide(deps, act))
    .where('r.id', '=', input.id)
    .where((eb) => inScope(eb, act.caller.scope, RENEWAL_SCOPE_COLUMNS))
    .executeTakeFirst();
  if (!row) throw new NotFoundError('No such renewal');
  return toRenewalView(row);
}

export const onPolicy = (policyId: string) => ({ type: 'policy' as const, id: policyId });

/**
 * The renewal table's actions: on a renewal in the caller's scope, answered with the renewal, audited
 * with its policy and on the policy's timeline as `renewal.<to>`.
 */
export const RENEWAL_ACTIONS = defineActions({
  entity: Renewal,
  subject: 'renewal',
  workflow: RENEWAL_WORKFLOW,
  within: ({ act }: At<ServiceDeps, UserAct>) => scopeFilter(act.caller.scope, RENEWAL_SCOPE_FIELDS),
  answer: async (em, renewal) => (await loadRenewalView(em, renewal.id))!,
  published: {
    owner: (renewal) => ({ agentId: renewal.agentId, insurerId: renewal.insurerId }),
    data: (em, renewal) => loadRenewalView(em, renewal.id),
  },
  summary: (renewal, { from, to }, summary) => ({ policyId: renewal.policyId, from, to, ...summary }),
  events: (renewal, { from, to }, summary) => [
    {
      stream: onPolicy(renewal.policyId),
      type: `renewal.${to}`,
      subjectType: 'renewal',
      subjectId: renewal.id,
      data: { from, ...summary },
    },
  ],
});

/**
 * A policy's next term (the day after effectiveTo, the same length), and the 422 INVARIANT_VIOLATION
 * naming its date when the service cannot keep it (past 2999-12-31, or longer than 50 years).
 */
export function renewalTerm(policy: Pick<IPolicy, 'effectiveFrom' | 'effectiveTo'>) {
  const term = nextTerm(policy);
  return { ...term, problem: computedTermProblem(['termFrom', 'termTo'], term.termFrom, term.termTo) };
}

/**
 * A pending renewal of a locked policy for its next term, proposing the current premium. A second
 * open renewal of the policy is 409 CONFLICT (the partial unique index decides, whatever the concurrency).
 */
export async function createRenewal(tx: EntityManager, policy: IPolicy): Promise<Outcome<RenewalView>> {
  transition(POLICY_WORKFLOW, 'generateRenewal', policy.status);
  const { termFrom, termTo, problem } = renewalTerm(policy);
  if (problem) throw problem;
  const id = uuidv7();
  const renewalNumber = await nextNumber(tx, 'renewal');
  tx.create(Renewal, {
    id,
    renewalNumber,
    status: 'pending',
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    agentId: policy.agentId,
    insurerId: policy.insurerId,
    currency: policy.currency,
    proposedPremiumMinor: policy.premiumMinor,
    termFrom,
    termTo,
  });
  await flushOrConflict(tx, 'The policy already has an open renewal (pending, offered or accepted)', 'policyId');
  return {
    result: (await loadRenewalView(tx, id))!,
    audit: {
      action: POLICY_WORKFLOW.steps.generateRenewal.audit,
      subjectType: 'renewal',
      subjectId: id,
      summary: { policyId: policy.id, renewalNumber, termFrom, termTo },
    },
    events: [
      {
        stream: onPolicy(policy.id),
        type: 'renewal.generated',
        subjectType: 'renewal',
        subjectId: id,
        data: { renewalNumber, termFrom, termTo },
      },
    ],
  };
}

/** POST /renewals/policies/{policyId}/generate: as the daily generator, never for a policy in arrears (422 ARREARS_OUTSTANDING). */
export async function generateRenewal(
  deps: ServiceDeps,
  act: UserAct,
  input: { policyId: string },
): Promise<RenewalView> {
  return runStep(
    { deps, act },
    POLICY_ACTIONS,
    { id: input.policyId, action: 'generateRenewal' },
    async (policy, tx) => {
      await assertNoArrears(tx, policy.id, today(deps.clock));
      return createRenewal(tx, policy);
    },
  );
}

/** Whether an offer's expiry has passed, by the database's clock. */
export async function offerExpired(tx: EntityManager, renewalId: string): Promise<boolean> {
  const { expired } = await db(tx)
    .selectFrom('renewals')
    .select(sql<boolean>`coalesce(offer_expires_at <= now(), false)`.as('expired'))
    .where('id', '=', renewalId)
    .executeTakeFirstOrThrow();
  return expired;
}

export const expiredOffer = (renewal: IRenewal) =>
  new DomainRuleError(
    'OFFER_EXPIRED',
    `The offer expired at ${renewal.offerExpiresAt?.toISOString()}; the renewal lapses at the next sweep`,
    { offerExpiresAt: renewal.offerExpiresAt?.toISOString() },
  );

/** pending → offered, at a premium in the policy's currency, open until offerExpiresAt (in the future). */
export async function offerRenewal(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; premium: Money; offerExpiresAt: string },
): Promise<RenewalView> {
  const problems = notPositive('premium', input.premium);
  if (Date.parse(input.offerExpiresAt) <= Date.now())
    problems.push({ field: 'offerExpiresAt', message: 'must be in the future', constraint: 'future' });
  if (problems.length) throw new ValidationError(problems);
  return runAction({ deps, act }, RENEWAL_ACTIONS, {
    id: input.id,
    action: 'offer',
    apply: (renewal) => {
      if (input.premium.currency !== renewal.currency)
        throw new DomainRuleError(
          'INVARIANT_VIOLATION',
          `premium must be in the policy's currency, ${renewal.currency}`,
          {
            field: 'premium.currency',
          },
        );
      Object.assign(renewal, {
        offeredPremiumMinor: input.premium.amountMinor,
        offerExpiresAt: new Date(input.offerExpiresAt),
        offeredAt: raw<Date>('now()'),
      });
      return { summary: { premium: input.premium, offerExpiresAt: new Date(input.offerExpiresAt).toISOString() } };
    },
  });
}

/** offered → accepted, while the offer is open (else 422 OFFER_EXPIRED). */
export async function acceptRenewal(deps: ServiceDeps, act: UserAct, input: { id: string }): Promise<RenewalView> {
  return runAction({ deps, act }, RENEWAL_ACTIONS, {
    id: input.id,
    action: 'accept',
    apply: async (renewal, tx) => {
      if (await offerExpired(tx, renewal.id)) throw expiredOffer(renewal);
      Object.assign(renewal, { acceptedAt: raw<Date>('now()') });
      return {};
    },
  });
}

export async function declineRenewal(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; reason: string },
): Promise<RenewalView> {
  return runAction({ deps, act }, RENEWAL_ACTIONS, {
    id: input.id,
    action: 'decline',
    apply: (renewal) => {
      Object.assign(renewal, { declineReason: input.reason, declinedAt: raw<Date>('now()') });
      return { summary: { reason: input.reason } };
    },
  });
}
