import { raw } from '@mikro-orm/core';
import type { UserAct } from '../../kernel/act.js';
import { type At, defineActions, runAction, runStep } from '../../kernel/action.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { DomainRuleError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { notPositive } from '../../kernel/money.js';
import { transition } from '../../kernel/workflow.js';
import { assertFourEyes } from '../access/index.js';
import { nextNumber } from '../id-patterns/index.js';
import { lockInstalments, respreadPremium } from '../premiums/index.js';
import { latestTermEnd, MAX_TERM_YEARS, termTooLong } from './dates.js';
import type { CreateEndorsementInput, EndorsementView } from './endorsement.schemas.js';
import { loadEndorsementView } from './endorsement.view.js';
import { lockVisiblePolicy, POLICY_ACTIONS } from './policies.service.js';
import { Endorsement, type EndorsementChanges, type IPolicy } from './policy.entity.js';
import type { PolicyView } from './policy.schemas.js';
import { loadPolicyView, policyPublished } from './policy.view.js';
import { ENDORSEMENT_WORKFLOW, POLICY_WORKFLOW } from './policy.workflow.js';

/**
 * What the changes would make of the policy must still be a valid policy: one currency, a term that ends
 * after it starts and lasts at most MAX_TERM_YEARS (checked again at approval, for endorsements created
 * before that rule).
 */
function assertChangesFit(policy: IPolicy, changes: EndorsementChanges): void {
  for (const field of ['sumInsured', 'premium'] as const) {
    const money = changes[field];
    if (money && money.currency !== policy.currency)
      throw new DomainRuleError(
        'INVARIANT_VIOLATION',
        `changes.${field} must be in the policy's currency, ${policy.currency}`,
        {
          field: `changes.${field}.currency`,
        },
      );
  }
  if (changes.effectiveTo !== undefined && changes.effectiveTo <= policy.effectiveFrom)
    throw new DomainRuleError(
      'INVARIANT_VIOLATION',
      `changes.effectiveTo must be after effectiveFrom, ${policy.effectiveFrom}`,
      {
        field: 'changes.effectiveTo',
      },
    );
  if (changes.effectiveTo !== undefined && changes.effectiveTo > latestTermEnd(policy.effectiveFrom))
    throw new DomainRuleError(
      'INVARIANT_VIOLATION',
      `changes.effectiveTo would make a term longer than ${MAX_TERM_YEARS} years from ${policy.effectiveFrom}`,
      { field: 'changes.effectiveTo' },
    );
}

/** A pending endorsement of an active or reinstated policy (else 422 INVALID_TRANSITION from the policy's status). */
export async function createEndorsement(
  deps: ServiceDeps,
  act: UserAct,
  input: CreateEndorsementInput & { policyId: string },
): Promise<EndorsementView> {
  const zero = [
    ...notPositive('changes.sumInsured', input.changes.sumInsured),
    ...notPositive('changes.premium', input.changes.premium),
  ];
  if (zero.length) throw new ValidationError(zero);
  return runStep({ deps, act }, POLICY_ACTIONS, { id: input.policyId, action: 'endorse' }, async (policy, tx) => {
    if (input.effectiveDate < policy.effectiveFrom || input.effectiveDate > policy.effectiveTo)
      throw new DomainRuleError(
        'INVARIANT_VIOLATION',
        `effectiveDate must be within the policy's period, ${policy.effectiveFrom} to ${policy.effectiveTo}`,
        { field: 'effectiveDate' },
      );
    const tooLong = input.changes.effectiveTo
      ? termTooLong('changes.effectiveTo', policy.effectiveFrom, input.changes.effectiveTo)
      : [];
    if (tooLong.length) throw new ValidationError(tooLong);
    assertChangesFit(policy, input.changes);
    const id = uuidv7();
    const endorsementNumber = await nextNumber(tx, 'endorsement');
    tx.create(Endorsement, {
      id,
      policyId: policy.id,
      endorsementNumber,
      status: 'pending',
      type: input.type,
      description: input.description,
      effectiveDate: input.effectiveDate,
      changes: input.changes,
      createdBy: act.caller.userId,
    });
    await tx.flush();
    return {
      result: await loadEndorsementView(tx, id),
      audit: {
        action: POLICY_WORKFLOW.steps.endorse.audit,
        subjectType: 'endorsement',
        subjectId: id,
        summary: { policyId: policy.id, endorsementNumber, type: input.type, changed: Object.keys(input.changes) },
      },
      events: [
        {
          stream: { type: 'policy', id: policy.id },
          type: 'endorsement.created',
          subjectType: 'endorsement',
          subjectId: id,
          data: { endorsementNumber, type: input.type, changed: Object.keys(input.changes) },
        },
      ],
    };
  });
}

/**
 * An endorsement's actions: found on the policy the path names (itself locked and in the caller's
 * scope first, the order a cancellation locks them in), audited with its number and what it changed,
 * on the policy's timeline, answered with the endorsement and the policy as they now stand.
 */
const ENDORSEMENT_ACTIONS = defineActions({
  entity: Endorsement,
  subject: 'endorsement',
  what: 'endorsement on this policy',
  workflow: ENDORSEMENT_WORKFLOW,
  within: (_: At<ServiceDeps, UserAct>) => ({}),
  answer: async (em, endorsement) => ({
    endorsement: await loadEndorsementView(em, endorsement.id),
    policy: (await loadPolicyView(em, endorsement.policyId))!,
  }),
  summary: (endorsement, _move, summary) => ({
    policyId: endorsement.policyId,
    endorsementNumber: endorsement.endorsementNumber,
    ...summary,
  }),
  events: (endorsement) => [
    {
      stream: { type: 'policy', id: endorsement.policyId },
      type: `endorsement.${endorsement.status}`,
      subjectType: 'endorsement',
      subjectId: endorsement.id,
      data: { endorsementNumber: endorsement.endorsementNumber, changed: Object.keys(endorsement.changes) },
    },
  ],
});

/**
 * Approves a pending endorsement and applies its changes to the policy, in one transaction under the
 * policy's row lock (the lock a cancellation takes too). Approving twice answers 422; the user who
 * created the endorsement cannot approve it (403, four eyes). A new premium is spread over the
 * instalments still owed (premiums' `respreadPremium`; a decrease below what is paid is 422 and
 * applies nothing), its instalments locked before the policy as a payment locks them.
 */
export async function approveEndorsement(
  deps: ServiceDeps,
  act: UserAct,
  input: { policyId: string; endorsementId: string },
): Promise<{ endorsement: EndorsementView; policy: PolicyView }> {
  let policy: IPolicy | undefined;
  return runAction({ deps, act }, ENDORSEMENT_ACTIONS, {
    id: input.endorsementId,
    action: 'approve',
    before: async (tx) => {
      await lockInstalments(tx, input.policyId);
      policy = await lockVisiblePolicy(tx, act.caller.scope, input.policyId);
    },
    where: { policyId: input.policyId },
    apply: async (endorsement, tx) => {
      await assertFourEyes(
        tx,
        endorsement.createdBy,
        act.caller.userId,
        'The user who created an endorsement cannot approve it',
      );
      const held = policy!;
      // The policy must still take changes (an expired policy keeps its pending endorsements unapplied).
      transition(POLICY_WORKFLOW, 'endorse', held.status);
      const { changes } = endorsement;
      assertChangesFit(held, changes);
      const before = snapshot(held, changes);
      const premium = changes.premium?.amountMinor;
      const instalmentsChanged =
        premium !== undefined && premium !== held.premiumMinor
          ? await respreadPremium(tx, {
              policyId: held.id,
              currency: held.currency,
              fromMinor: held.premiumMinor,
              toMinor: premium,
              effectiveDate: endorsement.effectiveDate,
            })
          : 0;
      applyChanges(held, changes);
      Object.assign(endorsement, { approvedBy: act.actor, approvedAt: raw<Date>('now()') });
      // Integrators hear of the policy as changed, not of the endorsement record.
      return {
        summary: { before, changes, ...(instalmentsChanged ? { instalmentsChanged } : {}) },
        publish: [policyPublished('policy.endorsed', held)],
      };
    },
  });
}

function applyChanges(policy: IPolicy, changes: EndorsementChanges): void {
  if (changes.sumInsured) policy.sumInsuredMinor = changes.sumInsured.amountMinor;
  if (changes.premium) policy.premiumMinor = changes.premium.amountMinor;
  if (changes.effectiveTo) policy.effectiveTo = changes.effectiveTo;
  const h = changes.holder;
  if (!h) return;
  if (h.name !== undefined) policy.holderName = h.name;
  if (h.email !== undefined) policy.holderEmail = h.email;
  if (h.phone !== undefined) policy.holderPhone = h.phone;
  if (h.nationalId !== undefined) policy.holderNationalId = h.nationalId;
}

/** The policy's values an endorsement replaces, for the audit entry. */
function snapshot(policy: IPolicy, changes: EndorsementChanges): Record<string, unknown> {
  return {
    ...(changes.sumInsured ? { sumInsured: { amountMinor: policy.sumInsuredMinor, currency: policy.currency } } : {}),
    ...(changes.premium ? { premium: { amountMinor: policy.premiumMinor, currency: policy.currency } } : {}),
    ...(changes.effectiveTo ? { effectiveTo: policy.effectiveTo } : {}),
    ...(changes.holder
      ? { holder: Object.fromEntries(Object.keys(changes.holder).map((k) => [k, holderField(policy, k)])) }
      : {}),
  };
}

const holderField = (policy: IPolicy, key: string) =>
  ({
    name: policy.holderName,
    email: policy.holderEmail,
    phone: policy.holderPhone,
    nationalId: policy.holderNationalId,
  })[key];
