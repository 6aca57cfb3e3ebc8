import { sql } from 'kysely';
import { db, iso } from '../../db/database.js';
import type { EntityManager } from '../../db/orm.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { ConflictError, DomainRuleError, NotFoundError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import type { PremiumPaymentView, RecordPremiumPaymentInput } from './premiums.schemas.js';
import { visiblePolicy } from './visible-policy.js';

export async function loadPremiumPaymentView(em: EntityManager, id: string): Promise<PremiumPaymentView> {
  const r = await db(em)
    .selectFrom('premium_payments')
    .selectAll()
    .select(sql<string>`amount_minor::text`.as('amount'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id: r.id,
    policyId: r.policy_id,
    instalmentId: r.instalment_id,
    amount: { amountMinor: Number(r.amount), currency: r.currency },
    method: r.method,
    reference: r.reference,
    paidAt: iso(r.paid_at),
    recordedBy: r.recorded_by,
    recordedAt: iso(r.created_at),
  };
}

/**
 * Records a premium payment on one instalment of a policy in the caller's scope (404 otherwise). The
 * instalment's row is locked, so concurrent payments take turns and never pay more than is due
 * (422 PAYMENT_EXCEEDS_DUE); a reference already recorded on the policy is 409 CONFLICT. Publishes
 * `premium.paid`.
 */
export async function recordPremiumPayment(
  deps: ServiceDeps,
  act: UserAct,
  input: RecordPremiumPaymentInput & { id: string; instalmentId: string },
): Promise<PremiumPaymentView> {
  return deps.uow.run(act, async (tx) => {
    const policy = await visiblePolicy(tx, act.caller.scope, input.id);
    const instalment = await db(tx)
      .selectFrom('premium_instalments')
      .select(['id', 'currency', 'status'])
      .select([sql<string>`amount_minor::text`.as('amount'), sql<string>`paid_minor::text`.as('paid')])
      .where('id', '=', input.instalmentId)
      .where('policy_id', '=', policy.id)
      .forUpdate()
      .executeTakeFirst();
    if (!instalment) throw new NotFoundError('No such instalment of this policy');
    if (input.amount.currency !== instalment.currency)
      throw new DomainRuleError(
        'INVARIANT_VIOLATION',
        `amount must be in the policy's currency, ${instalment.currency}`,
        {
          field: 'amount.currency',
        },
      );
    const remaining = instalment.status === 'waived' ? 0 : Number(instalment.amount) - Number(instalment.paid);
    if (input.amount.amountMinor > remaining)
      throw new DomainRuleError('PAYMENT_EXCEEDS_DUE', 'The payment is more than is still due on the instalment', {
        amountMinor: Number(instalment.amount),
        paidMinor: Number(instalment.paid),
        remainingMinor: remaining,
      });
    const paymentId = uuidv7();
    const inserted = await db(tx)
      .insertInto('premium_payments')
      .values({
        id: paymentId,
        policy_id: policy.id,
        instalment_id: instalment.id,
        amount_minor: input.amount.amountMinor,
        currency: input.amount.currency,
        method: input.method,
        reference: input.reference,
        paid_at: new Date(input.paidAt),
        recorded_by: act.actor,
      })
      .onConflict((oc) => oc.columns(['policy_id', 'reference']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted)
      throw new ConflictError('A payment with this reference is already recorded on the policy', {
        field: 'reference',
      });
    const paidInFull = input.amount.amountMinor === remaining;
    await db(tx)
      .updateTable('premium_instalments')
      .set({
        paid_minor: sql`paid_minor + ${input.amount.amountMinor}`,
        ...(paidInFull ? { status: 'paid' as const, paid_at: new Date(input.paidAt) } : {}),
      })
      .where('id', '=', instalment.id)
      .execute();
    return {
      answer: (em) => loadPremiumPaymentView(em, paymentId),
      audit: {
        action: 'premium.payment',
        subjectType: 'policy',
        subjectId: policy.id,
        summary: { instalmentId: instalment.id, paymentId, amount: input.amount, method: input.method, paidInFull },
      },
      publish: [
        {
          type: 'premium.paid',
          subject: { type: 'policy', id: policy.id },
          owner: { agentId: policy.agent_id, insurerId: policy.insurer_id },
          data: (em) => loadPremiumPaymentView(em, paymentId),
        },
      ],
    };
  });
}
