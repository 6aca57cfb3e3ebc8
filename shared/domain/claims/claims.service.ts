import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Source } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import type { UserAct } from '../../kernel/act.js';
import { type At, defineActions } from '../../kernel/action.js';
import { latestToday } from '../../kernel/clock.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { DomainRuleError, NotFoundError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { listPage, type Page } from '../../kernel/list.js';
import { lockVisible } from '../../kernel/lock-visible.js';
import { notPositive } from '../../kernel/money.js';
import { readSide } from '../../kernel/reads.js';
import { assertFilterInScope, type DataScope, inScope, scopeFilter } from '../../kernel/scope.js';
import type { EventInput } from '../../kernel/unit-of-work.js';
import { nextNumber } from '../id-patterns/index.js';
import { POLICY_SCOPE_FIELDS, PolicyEntity as Policy } from '../policies/index.js';
import { CatastropheEvent, Claim } from './claim.entity.js';
import { CLAIM_LIST, CLAIM_SCOPE_COLUMNS, CLAIM_SCOPE_FIELDS } from './claim.list.js';
import type { ClaimDetailView, ClaimFilters, FileClaimInput } from './claim.schemas.js';
import { type ClaimViewRow, claimViews, loadClaimDetail, loadClaimView } from './claim.view.js';
import { CLAIM_WORKFLOW } from './claim.workflow.js';

type ClaimSort = (typeof CLAIM_LIST.sortable)[number];

export async function listClaims(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: ClaimFilters & { q?: string }; page: Keyset<ClaimSort> },
): Promise<Page<ClaimViewRow>> {
  assertFilterInScope(act.caller.scope, input.filters);
  return listPage(CLAIM_LIST, readSide(deps, act), act.caller.scope, input);
}

/** A claim outside the caller's scope is 404, exactly like a missing one. */
export async function getClaim(deps: ServiceDeps, act: UserAct, input: { id: string }): Promise<ClaimDetailView> {
  const source = readSide(deps, act);
  await assertClaimVisible(source, act.caller.scope, input.id);
  // Read again (on a replica, perhaps another one): a claim not there is missing, never a 500.
  const claim = await loadClaimDetail(source, input.id, act.caller.scope);
  if (!claim) throw new NotFoundError('No such claim');
  return claim;
}

/** 404 unless the claim exists in the caller's scope, exactly as for a missing one (no lock: for reads). */
export async function assertClaimVisible(em: Source, scope: DataScope, id: string): Promise<void> {
  const visible = await claimViews(em)
    .where('c.id', '=', id)
    .where((eb) => inScope(eb, scope, CLAIM_SCOPE_COLUMNS))
    .select('c.id')
    .executeTakeFirst();
  if (!visible) throw new NotFoundError('No such claim');
}

/** A claim within the caller's scope, its row locked for a change, or 404. */
export const lockVisibleClaim = (tx: EntityManager, scope: DataScope, id: string) =>
  lockVisible(tx, Claim, id, scopeFilter(scope, CLAIM_SCOPE_FIELDS), 'claim');

/** The events of a claim change: its own history, and its policy's timeline for what the policy shows. */
export function claimEvents(
  claim: { id: string; policyId: string },
  type: string,
  data: Record<string, unknown>,
  onPolicyTimeline = false,
): EventInput[] {
  const event = { type, subjectType: 'claim', subjectId: claim.id, data };
  return [
    { ...event, stream: { type: 'claim', id: claim.id } },
    ...(onPolicyTimeline ? [{ ...event, stream: { type: 'policy' as const, id: claim.policyId } }] : []),
  ];
}

/** The history event of each action of the claim table. */
export const CLAIM_EVENT_OF: Record<keyof typeof CLAIM_WORKFLOW.steps, string> = {
  assign: 'claim.assigned',
  review: 'claim.review_started',
  investigate: 'claim.investigation_started',
  requestDocuments: 'claim.documents_requested',
  settle: 'claim.settled',
  repudiate: 'claim.repudiated',
  withdraw: 'claim.withdrawn',
  appeal: 'claim.appealed',
  close: 'claim.closed',
  pay: 'claim.payment_recorded',
  addDocument: 'claim.document_added',
};

/**
 * The claim table's actions: on a claim in the caller's scope, answered with the claim's detail (its
 * history included), each with its history event; a settlement shows on the policy's timeline too.
 */
export const CLAIM_ACTIONS = defineActions({
  entity: Claim,
  subject: 'claim',
  workflow: CLAIM_WORKFLOW,
  within: ({ act }: At<ServiceDeps, UserAct>) => scopeFilter(act.caller.scope, CLAIM_SCOPE_FIELDS),
  answer: async (em, claim, { act }) => (await loadClaimDetail(em, claim.id, act.caller.scope))!,
  published: {
    owner: (claim) => ({ agentId: claim.agentId, insurerId: claim.insurerId }),
    data: (em, claim) => loadClaimView(em, claim.id),
  },
  events: (claim, { action, from, to }, summary) =>
    claimEvents(claim, CLAIM_EVENT_OF[action], { from, to, ...summary }, action === 'settle'),
});

/**
 * Files a claim on a policy in the caller's scope (404 otherwise): the policy must be active or
 * reinstated (422 POLICY_NOT_ACTIVE), the incident inside its period (422 INCIDENT_OUTSIDE_COVER), the
 * amount in its currency. The policy row is share-locked so it cannot be cancelled mid-filing.
 */
export async function fileClaim(deps: ServiceDeps, act: UserAct, input: FileClaimInput): Promise<ClaimDetailView> {
  const zero = notPositive('claimedAmount', input.claimedAmount);
  if (zero.length) throw new ValidationError(zero);
  return deps.uow.run(act, async (tx) => {
    const policy = await tx.findOne(
      Policy,
      { $and: [{ id: input.policyId }, scopeFilter(act.caller.scope, POLICY_SCOPE_FIELDS)] },
      { lockMode: LockMode.PESSIMISTIC_READ },
    );
    if (!policy) throw new NotFoundError('No such policy');
    if (policy.status !== 'active' && policy.status !== 'reinstated')
      throw new DomainRuleError(
        'POLICY_NOT_ACTIVE',
        `Claims can be filed only on active or reinstated policies; this one is ${policy.status}`,
        {
          policyStatus: policy.status,
        },
      );
    if (input.incidentDate < policy.effectiveFrom || input.incidentDate > policy.effectiveTo)
      throw new DomainRuleError(
        'INCIDENT_OUTSIDE_COVER',
        `The incident date must be within the policy's period, ${policy.effectiveFrom} to ${policy.effectiveTo}`,
        { effectiveFrom: policy.effectiveFrom, effectiveTo: policy.effectiveTo },
      );
    // An incident has happened: no later than today where the day is furthest ahead (UTC+14).
    if (input.incidentDate > latestToday(deps.clock))
      throw new ValidationError([
        { field: 'incidentDate', message: 'must not be in the future', constraint: 'notFuture' },
      ]);
    if (input.claimedAmount.currency !== policy.currency)
      throw new DomainRuleError(
        'INVARIANT_VIOLATION',
        `claimedAmount must be in the policy's currency, ${policy.currency}`,
        {
          field: 'claimedAmount.currency',
        },
      );
    if (input.catastropheEventId && !(await tx.findOne(CatastropheEvent, input.catastropheEventId)))
      throw new ValidationError([
        { field: 'catastropheEventId', message: 'names no catastrophe event', constraint: 'exists' },
      ]);
    const id = uuidv7();
    const claimNumber = await nextNumber(tx, 'claim');
    tx.create(Claim, {
      id,
      claimNumber,
      status: 'filed',
      policyId: policy.id,
      agentId: policy.agentId,
      insurerId: policy.insurerId,
      filedBy: act.caller.userId,
      catastropheEventId: input.catastropheEventId ?? null,
      incidentDate: input.incidentDate,
      description: input.description,
      currency: policy.currency,
      claimedAmountMinor: input.claimedAmount.amountMinor,
    });
    await tx.flush();
    return {
      answer: async (em) => (await loadClaimDetail(em, id, act.caller.scope))!,
      audit: {
        action: 'claim.file',
        subjectType: 'claim',
        subjectId: id,
        summary: { policyId: policy.id, claimNumber },
      },
      events: claimEvents(
        { id, policyId: policy.id },
        'claim.filed',
        { claimNumber, claimedAmount: input.claimedAmount, incidentDate: input.incidentDate },
        true,
      ),
      publish: [
        {
          type: 'claim.filed',
          subject: { type: 'claim', id },
          owner: { agentId: policy.agentId, insurerId: policy.insurerId },
          data: (em) => loadClaimView(em, id),
        },
      ],
    };
  });
}
