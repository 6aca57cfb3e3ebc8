import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../db/database.js';
import type { Keyset } from '../../db/keyset.js';
import { preparedQuery } from '../../db/prepared.js';
import type { UserAct } from '../../kernel/act.js';
import { type At, defineActions } from '../../kernel/action.js';
import { today } from '../../kernel/clock.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { DomainRuleError, ForbiddenError, NotFoundError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { listPage, type Page } from '../../kernel/list.js';
import { lockVisible } from '../../kernel/lock-visible.js';
import { type Money, notPositive } from '../../kernel/money.js';
import { readSide } from '../../kernel/reads.js';
import { assertFilterInScope, covers, type DataScope, inScope, scopeFilter } from '../../kernel/scope.js';
import type { AuditInput, EventInput } from '../../kernel/unit-of-work.js';
import { nextNumber } from '../id-patterns/index.js';
import { type PremiumFrequencyName, scheduleInstalments } from '../premiums/index.js';
import { computedTermProblem, termTooLong } from './dates.js';
import { Policy } from './policy.entity.js';
import { POLICY_LIST, POLICY_SCOPE_COLUMNS, POLICY_SCOPE_FIELDS } from './policy.list.js';
import type { IssuePolicyInput, PolicyFilters, PolicyView } from './policy.schemas.js';
import { loadPolicyView, type PolicyViewRow, policyPublished, policyViews, toPolicyView } from './policy.view.js';
import { POLICY_WORKFLOW } from './policy.workflow.js';

type PolicySort = (typeof POLICY_LIST.sortable)[number];

export async function listPolicies(
  deps: ServiceDeps,
  act: UserAct,
  input: { filters: PolicyFilters & { q?: string }; page: Keyset<PolicySort> },
): Promise<Page<PolicyViewRow>> {
  assertFilterInScope(act.caller.scope, input.filters);
  const { hasArrears, ...filters } = input.filters;
  return listPage(POLICY_LIST, readSide(deps, act), act.caller.scope, {
    ...input,
    filters: {
      ...filters,
      ...(hasArrears === undefined ? {} : { hasArrears: { has: hasArrears, day: today(deps.clock) } }),
    },
  });
}

/** One policy by id within a scope, as one prepared statement per scope kind (a hot read). */
const visiblePolicyQuery = preparedQuery((em, p: { id: string; scopeId: string }, kind) =>
  policyViews(em)
    .where('p.id', '=', p.id)
    .where((eb) => inScope(eb, { kind, insurerId: p.scopeId, agentId: p.scopeId } as DataScope, POLICY_SCOPE_COLUMNS)),
);

const scopeIdOf = (scope: DataScope) =>
  scope.kind === 'insurer' ? scope.insurerId : scope.kind === 'agent' ? scope.agentId : '';

/** A policy outside the caller's scope is 404, exactly like a missing one. */
export async function getPolicy(deps: ServiceDeps, act: UserAct, input: { id: string }): Promise<PolicyView> {
  const { scope } = act.caller;
  const [row] = await visiblePolicyQuery(readSide(deps, act), { id: input.id, scopeId: scopeIdOf(scope) }, scope.kind);
  if (!row) throw new NotFoundError('No such policy');
  return toPolicyView(row);
}

/** A policy within the caller's scope, its row locked for a change, or 404. */
export const lockVisiblePolicy = (tx: EntityManager, scope: DataScope, id: string) =>
  lockVisible(tx, Policy, id, scopeFilter(scope, POLICY_SCOPE_FIELDS), 'policy');

/**
 * The policy table's actions: on a policy in the caller's scope, answered with the policy; a change of
 * its status goes on its timeline as `policy.<to>` with the state it left.
 */
export const POLICY_ACTIONS = defineActions({
  entity: Policy,
  subject: 'policy',
  workflow: POLICY_WORKFLOW,
  within: ({ act }: At<ServiceDeps, UserAct>) => scopeFilter(act.caller.scope, POLICY_SCOPE_FIELDS),
  answer: async (em, policy) => (await loadPolicyView(em, policy.id))!,
  published: {
    owner: (policy) => ({ agentId: policy.agentId, insurerId: policy.insurerId }),
    data: (em, policy) => loadPolicyView(em, policy.id),
  },
  events: (policy, { from, to }, summary) => [
    {
      stream: { type: 'policy', id: policy.id },
      type: `policy.${to}`,
      subjectType: 'policy',
      subjectId: policy.id,
      data: { from, ...summary },
    },
  ],
});

/**
 * The agent and insurer a new policy (or quotation) belongs to, within the caller's scope: an agent
 * acts for their own, an insurer's staff for their insurer's (naming another is 403, as for list filters).
 */
export function ownerOf(
  scope: DataScope,
  input: { agentId?: string; insurerId?: string },
  what = 'policies',
): { agentId: string; insurerId: string } {
  const agentId = input.agentId ?? (scope.kind === 'agent' ? scope.agentId : undefined);
  const insurerId = input.insurerId ?? (scope.kind === 'insurer' ? scope.insurerId : undefined);
  const missing = [
    ...(agentId ? [] : [{ field: 'agentId', message: 'is required unless you are the agent', constraint: 'required' }]),
    ...(insurerId
      ? []
      : [{ field: 'insurerId', message: 'is required unless you work for the insurer', constraint: 'required' }]),
  ];
  if (missing.length) throw new ValidationError(missing);
  const owner = { agentId: agentId!, insurerId: insurerId! };
  if (!covers(scope, owner))
    throw new ForbiddenError(
      scope.kind === 'agent'
        ? `You can create ${what} only as their agent`
        : `You can create ${what} only for your insurer`,
    );
  return owner;
}

/** Shape rules a schema cannot say: one currency, a term that ends after it starts and lasts at most 50 years. */
export function assertPolicyTerms(input: {
  sumInsured: Money;
  premium: Money;
  effectiveFrom: string;
  effectiveTo: string;
}) {
  const problems = [...notPositive('sumInsured', input.sumInsured), ...notPositive('premium', input.premium)];
  if (input.premium.currency !== input.sumInsured.currency)
    problems.push({ field: 'premium.currency', message: 'must be the currency of sumInsured', constraint: 'currency' });
  if (input.effectiveTo <= input.effectiveFrom)
    problems.push({ field: 'effectiveTo', message: 'must be after effectiveFrom', constraint: 'dateOrder' });
  else problems.push(...termTooLong('effectiveTo', input.effectiveFrom, input.effectiveTo));
  if (problems.length) throw new ValidationError(problems);
}

/** The agent must be a user who can still act for the policy: not archived, not suspended. */
export async function assertAgent(tx: EntityManager, agentId: string): Promise<void> {
  const agent = await db(tx).selectFrom('users').select('status').where('id', '=', agentId).executeTakeFirst();
  if (!agent || agent.status === 'archived' || agent.status === 'suspended')
    throw new DomainRuleError('INVARIANT_VIOLATION', 'agentId does not name a user who can hold policies', {
      field: 'agentId',
    });
}

/** What a new policy is made of, whoever issues it (POST /policies, an accepted quotation). */
export interface NewPolicy {
  agentId: string;
  insurerId: string;
  productCode: string;
  holder: { name: string; email?: string | null; phone?: string | null; nationalId?: string | null };
  currency: string;
  sumInsuredMinor: number;
  premiumMinor: number;
  /** Annual unless given: the premium is split into instalments over the term (the premiums domain). */
  premiumFrequency?: PremiumFrequencyName;
  effectiveFrom: string;
  effectiveTo: string;
  /** The policy this one renews (a converted renewal). */
  renewedFromPolicyId?: string;
}

/**
 * Creates an `active` policy in the caller's transaction with the next number of the policy
 * identifier pattern; returns its id and number, its audit entry and its `policy.issued` event (with
 * `eventData`, e.g. the quotation it came from), for the caller's unit of work.
 */
export async function createPolicy(tx: EntityManager, fields: NewPolicy, eventData: Record<string, unknown> = {}) {
  // A term the service computed (an accepted quotation's, a renewal's) is held to the rules a request's term is.
  const problem = computedTermProblem(['effectiveFrom', 'effectiveTo'], fields.effectiveFrom, fields.effectiveTo);
  if (problem) throw problem;
  await assertAgent(tx, fields.agentId);
  const id = uuidv7();
  const policyNumber = await nextNumber(tx, 'policy');
  const { agentId, insurerId } = fields;
  tx.create(Policy, {
    id,
    policyNumber,
    status: 'active',
    agentId,
    insurerId,
    productCode: fields.productCode,
    holderName: fields.holder.name,
    holderEmail: fields.holder.email ?? null,
    holderPhone: fields.holder.phone ?? null,
    holderNationalId: fields.holder.nationalId ?? null,
    currency: fields.currency,
    sumInsuredMinor: fields.sumInsuredMinor,
    premiumMinor: fields.premiumMinor,
    premiumFrequency: fields.premiumFrequency ?? 'annual',
    effectiveFrom: fields.effectiveFrom,
    effectiveTo: fields.effectiveTo,
    renewedFromPolicyId: fields.renewedFromPolicyId ?? null,
  });
  await tx.flush();
  await scheduleInstalments(tx, {
    id,
    currency: fields.currency,
    premiumMinor: fields.premiumMinor,
    frequency: fields.premiumFrequency ?? 'annual',
    effectiveFrom: fields.effectiveFrom,
    effectiveTo: fields.effectiveTo,
  });
  const audit: AuditInput = {
    action: 'policy.issue',
    subjectType: 'policy',
    subjectId: id,
    summary: { policyNumber, agentId, insurerId, ...eventData },
  };
  const event: EventInput = {
    stream: { type: 'policy', id },
    type: 'policy.issued',
    subjectType: 'policy',
    subjectId: id,
    data: { policyNumber, effectiveFrom: fields.effectiveFrom, effectiveTo: fields.effectiveTo, ...eventData },
  };
  return { id, policyNumber, audit, event, published: policyPublished('policy.issued', { id, agentId, insurerId }) };
}

/** POST /policies: an `active` policy with the next number of the policy identifier pattern. */
export async function issuePolicy(deps: ServiceDeps, act: UserAct, input: IssuePolicyInput): Promise<PolicyView> {
  assertPolicyTerms(input);
  const owner = ownerOf(act.caller.scope, input);
  return deps.uow.run(act, async (tx) => {
    const created = await createPolicy(tx, {
      ...owner,
      productCode: input.productCode,
      holder: input.holder,
      currency: input.sumInsured.currency,
      sumInsuredMinor: input.sumInsured.amountMinor,
      premiumMinor: input.premium.amountMinor,
      premiumFrequency: input.premiumFrequency,
      effectiveFrom: input.effectiveFrom,
      effectiveTo: input.effectiveTo,
    });
    return {
      result: (await loadPolicyView(tx, created.id))!,
      audit: created.audit,
      events: [created.event],
      publish: [created.published],
    };
  });
}
