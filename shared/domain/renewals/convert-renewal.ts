import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../db/database.js';
import type { UserAct } from '../../kernel/act.js';
import { publishedBy, runStep } from '../../kernel/action.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { NotFoundError } from '../../kernel/errors.js';
import { inScope } from '../../kernel/scope.js';
import type { EventInput } from '../../kernel/unit-of-work.js';
import { transition } from '../../kernel/workflow.js';
import {
  createPolicy,
  type IPolicy,
  loadPolicyView,
  POLICY_WORKFLOW,
  PolicyEntity as Policy,
  type PolicyView,
} from '../policies/index.js';
import { RENEWAL_SCOPE_COLUMNS } from './renewal.list.js';
import type { RenewalView } from './renewal.schemas.js';
import { loadRenewalView } from './renewal.view.js';
import { RENEWAL_WORKFLOW } from './renewal.workflow.js';
import { expiredOffer, offerExpired, onPolicy, RENEWAL_ACTIONS } from './renewals.service.js';

/**
 * offered or accepted → converted: a new active policy for the renewal's term at the offered premium,
 * the old policy renewed, the two linked both ways, in one transaction. The policy is locked before
 * the renewal (the order generation takes), so two conversions serialise and the second answers 422.
 */
export async function convertRenewal(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string },
): Promise<{ renewal: RenewalView; policy: PolicyView }> {
  // The policy is locked first, as generation locks it, under the renewal's own scope rule.
  let old: IPolicy | undefined;
  const lockPolicy = async (tx: EntityManager) => {
    const seen = await db(tx)
      .selectFrom('renewals as r')
      .select('r.policy_id')
      .where('r.id', '=', input.id)
      .where((eb) => inScope(eb, act.caller.scope, RENEWAL_SCOPE_COLUMNS))
      .executeTakeFirst();
    if (!seen) throw new NotFoundError('No such renewal');
    old = await tx.findOneOrFail(Policy, { id: seen.policy_id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  };
  const step = { id: input.id, action: 'convert' as const, before: lockPolicy };
  return runStep({ deps, act }, RENEWAL_ACTIONS, step, async (renewal, tx, { from, to }) => {
    if (from === 'offered' && (await offerExpired(tx, renewal.id))) throw expiredOffer(renewal);
    if (!old) throw new Error('the policy is locked before the renewal');
    renewal.status = to;
    const oldFrom = old.status;
    old.status = transition(POLICY_WORKFLOW, 'renew', oldFrom);

    const issued = await createPolicy(
      tx,
      {
        agentId: old.agentId,
        insurerId: old.insurerId,
        productCode: old.productCode,
        holder: {
          name: old.holderName,
          email: old.holderEmail,
          phone: old.holderPhone,
          nationalId: old.holderNationalId,
        },
        currency: old.currency,
        sumInsuredMinor: old.sumInsuredMinor,
        premiumMinor: renewal.offeredPremiumMinor ?? renewal.proposedPremiumMinor,
        premiumFrequency: old.premiumFrequency,
        effectiveFrom: renewal.termFrom,
        effectiveTo: renewal.termTo,
        renewedFromPolicyId: old.id,
      },
      { renewedFromPolicyId: old.id, renewalId: renewal.id },
    );
    const { id: newId, policyNumber } = issued;
    old.renewedToPolicyId = newId;
    Object.assign(renewal, { newPolicyId: newId, convertedAt: raw<Date>('now()') });
    await tx.flush();
    const events: EventInput[] = [
      {
        stream: onPolicy(old.id),
        type: 'renewal.converted',
        subjectType: 'renewal',
        subjectId: renewal.id,
        data: { newPolicyId: newId, newPolicyNumber: policyNumber },
      },
      {
        stream: onPolicy(old.id),
        type: 'policy.renewed',
        subjectType: 'policy',
        subjectId: old.id,
        data: { from: oldFrom, newPolicyId: newId },
      },
      issued.event,
    ];
    return {
      result: { renewal: (await loadRenewalView(tx, renewal.id))!, policy: (await loadPolicyView(tx, newId))! },
      audit: [
        {
          action: RENEWAL_WORKFLOW.steps.convert.audit,
          subjectType: 'renewal',
          subjectId: renewal.id,
          summary: { policyId: old.id, newPolicyId: newId, from },
        },
        {
          action: POLICY_WORKFLOW.steps.renew.audit,
          subjectType: 'policy',
          subjectId: old.id,
          summary: { from: oldFrom, newPolicyId: newId },
        },
        issued.audit,
      ],
      events,
      publish: [...publishedBy(RENEWAL_ACTIONS, renewal, 'convert'), issued.published],
    };
  });
}
