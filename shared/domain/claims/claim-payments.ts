import { db } from '../../db/database.js';
import type { UserAct } from '../../kernel/act.js';
import { runStep } from '../../kernel/action.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { DomainRuleError, ValidationError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { notPositive } from '../../kernel/money.js';
import { assertFourEyes } from '../access/index.js';
import { operationalSetting } from '../operational-policies/index.js';
import { ClaimPayment } from './claim.entity.js';
import { CLAIM_WORKFLOW } from './claim.workflow.js';
import type { ClaimPaymentView, RecordClaimPaymentInput } from './claim-records.schemas.js';
import { loadPaymentView } from './claim-records.view.js';
import { CLAIM_ACTIONS, CLAIM_EVENT_OF, claimEvents } from './claims.service.js';

/**
 * Records a payment of a settled claim, under the claim's row lock, so concurrent payments are
 * counted one after the other and their sum never exceeds the settled amount (422
 * PAYMENT_EXCEEDS_SETTLEMENT). The operational policies are read now: `payments.maxSinglePaymentMinor`
 * caps one payment (422 PAYMENT_LIMIT_EXCEEDED) and `kyc.requireVerifiedForPayout` requires the
 * policy's agent to be KYC-verified (422 KYC_NOT_VERIFIED). The user who filed the claim records none
 * of its payments (403, four eyes). Answers with the payment.
 */
export async function recordClaimPayment(
  deps: ServiceDeps,
  act: UserAct,
  input: RecordClaimPaymentInput,
): Promise<ClaimPaymentView> {
  const zero = notPositive('amount', input.amount);
  if (zero.length) throw new ValidationError(zero);
  return runStep({ deps, act }, CLAIM_ACTIONS, { id: input.id, action: 'pay' }, async (claim, tx) => {
    await assertFourEyes(tx, claim.filedBy, act.caller.userId, 'The user who filed a claim cannot record its payments');
    if (input.amount.currency !== claim.currency)
      throw new DomainRuleError('INVARIANT_VIOLATION', `amount must be in the claim's currency, ${claim.currency}`, {
        field: 'amount.currency',
      });
    const limit = await operationalSetting(deps, tx, 'payments.maxSinglePaymentMinor');
    if (limit !== undefined && input.amount.amountMinor > limit)
      throw new DomainRuleError('PAYMENT_LIMIT_EXCEEDED', `A single payment may be at most ${limit} (minor units)`, {
        maxSinglePaymentMinor: limit,
      });
    if (await operationalSetting(deps, tx, 'kyc.requireVerifiedForPayout')) {
      const agent = await db(tx)
        .selectFrom('users')
        .select('kyc_status')
        .where('id', '=', claim.agentId)
        .executeTakeFirst();
      if (agent?.kyc_status !== 'verified')
        throw new DomainRuleError('KYC_NOT_VERIFIED', "Payouts need the policy's agent to be KYC-verified", {
          kycStatus: agent?.kyc_status ?? null,
        });
    }
    const settled = claim.settledAmountMinor ?? 0;
    if (claim.paidAmountMinor + input.amount.amountMinor > settled)
      throw new DomainRuleError('PAYMENT_EXCEEDS_SETTLEMENT', 'The payments would exceed the settled amount', {
        settledAmountMinor: settled,
        paidAmountMinor: claim.paidAmountMinor,
        remainingMinor: settled - claim.paidAmountMinor,
      });
    const paymentId = uuidv7();
    tx.create(ClaimPayment, {
      id: paymentId,
      claimId: claim.id,
      amountMinor: input.amount.amountMinor,
      currency: input.amount.currency,
      method: input.method,
      reference: input.reference,
      paidAt: new Date(input.paidAt),
      recordedBy: act.actor,
    });
    claim.paidAmountMinor += input.amount.amountMinor;
    await tx.flush();
    const summary = { paymentId, amount: input.amount, method: input.method, paidAmountMinor: claim.paidAmountMinor };
    return {
      result: await loadPaymentView(tx, paymentId),
      audit: { action: CLAIM_WORKFLOW.steps.pay.audit, subjectType: 'claim', subjectId: claim.id, summary },
      events: claimEvents(claim, CLAIM_EVENT_OF.pay, summary),
      // Integrators hear of the payment as GET /claims/{id}/payments returns it.
      publish: [
        {
          type: 'claim.payment_recorded',
          subject: { type: 'claim', id: claim.id },
          owner: { agentId: claim.agentId, insurerId: claim.insurerId },
          data: (em) => loadPaymentView(em, paymentId),
        },
      ],
    };
  });
}
