import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, iso, type Source } from '../../db/database.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { ConflictError, DomainRuleError, NotFoundError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import type { Money } from '../../kernel/money.js';
import type { PublishInput } from '../../kernel/published-events.js';
import type { AuditInput } from '../../kernel/unit-of-work.js';
import type { PremiumPaymentView, RecordPremiumPaymentInput } from './premiums.schemas.js';
import { visiblePolicy } from './visible-policy.js';

export async function loadPremiumPaymentView(em: Source, id: string): Promise<PremiumPaymentView> {
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

/** The policy a payment is for, as the payment needs it: its id and where it sits in the data scope. */
export interface PayablePolicy {
  id: string;
  agent_id: string;
  insurer_id: string;
}

/** A payment to record: what the API's body and the registry's `premium.paid` event both say. */
export interface PaymentToRecord {
  amount: Money;
  method: string;
  reference: string;
  paidAt: string;
}

/** A recorded payment: its id, its instalment, and the audit entry and event that go with it. */
export interface RecordedPayment {
  paymentId: string;
  instalmentId: string;
  audit: AuditInput;
  publish: PublishInput;
}

/**
 * Records a payment on one instalment of `policy` in the caller's transaction: `instalmentId`, or the
 * oldest one still owed. The instalment's row is locked, so concurrent payments take turns and never
 * pay more than is due (422 PAYMENT_EXCEEDS_DUE); a reference already recorded on the policy is 409
 * CONFLICT. Every refusal comes before the first write, so a caller applying several payments in one
 * transaction can refuse one and go on with the next.
 */
export async function payInstalment(
  tx: EntityManager,
  policy: PayablePolicy,
  target: { instalmentId: string } | 'oldest-owed',
  payment: PaymentToRecord,
  recordedBy: string,
): Promise<RecordedPayment> {
  const instalment = await lockInstalment(tx, policy.id, target);
  if (!instalment)
    throw target === 'oldest-owed'
      ? new DomainRuleError('PAYMENT_EXCEEDS_DUE', 'Nothing is still due on the policy', { remainingMinor: 0 })
      : new NotFoundError('No such instalment of this policy');
  if (payment.amount.currency !== instalment.currency)
    throw new DomainRuleError(
      'INVARIANT_VIOLATION',
      `amount must be in the policy's currency, ${instalment.currency}`,
      {
        field: 'amount.currency',
      },
    );
  const remaining = instalment.status === 'waived' ? 0 : Number(instalment.amount) - Number(instalment.paid);
  if (payment.amount.amountMinor > remaining)
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
      amount_minor: payment.amount.amountMinor,
      currency: payment.amount.currency,
      method: payment.method,
      reference: payment.reference,
      paid_at: new Date(payment.paidAt),
      recorded_by: recordedBy,
    })
    .onConflict((oc) => oc.columns(['policy_id', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted)
    throw new ConflictError('A payment with this reference is already recorded on the policy', { field: 'reference' });
  const paidInFull = payment.amount.amountMinor === remaining;
  await db(tx)
    .updateTable('premium_instalments')
    .set({
      paid_minor: sql`paid_minor + ${payment.amount.amountMinor}`,
      ...(paidInFull ? { status: 'paid' as const, paid_at: new Date(payment.paidAt) } : {}),
    })
    .where('id', '=', instalment.id)
    .execute();
  return {
    paymentId,
    instalmentId: instalment.id,
    audit: {
      action: 'premium.payment',
      subjectType: 'policy',
      subjectId: policy.id,
      summary: { instalmentId: instalment.id, paymentId, amount: payment.amount, method: payment.method, paidInFull },
    },
    publish: {
      type: 'premium.paid',
      subject: { type: 'policy', id: policy.id },
      owner: { agentId: policy.agent_id, insurerId: policy.insurer_id },
      data: (em) => loadPremiumPaymentView(em, paymentId),
    },
  };
}

/**
 * The instalment a payment goes on, locked. The oldest owed one is found first and locked after, and
 * looked for again if a concurrent payment settled it meanwhile (a locked read re-checks its row, but
 * would not move on to the next one).
 */
async function lockInstalment(tx: EntityManager, policyId: string, target: { instalmentId: string } | 'oldest-owed') {
  const lock = (id: string) =>
    db(tx)
      .selectFrom('premium_instalments')
      .select(['id', 'currency', 'status'])
      .select([sql<string>`amount_minor::text`.as('amount'), sql<string>`paid_minor::text`.as('paid')])
      .where('id', '=', id)
      .where('policy_id', '=', policyId)
      .forUpdate()
      .executeTakeFirst();
  if (target !== 'oldest-owed') return lock(target.instalmentId);
  for (;;) {
    const oldest = await db(tx)
      .selectFrom('premium_instalments')
      .select('id')
      .where('policy_id', '=', policyId)
      .where('status', '=', 'due')
      .orderBy('seq')
      .limit(1)
      .executeTakeFirst();
    if (!oldest) return undefined;
    const locked = await lock(oldest.id);
    if (locked?.status === 'due') return locked;
  }
}

/**
 * POST /policies/{id}/premiums/{instalmentId}/payments: a payment on one instalment of a policy in the
 * caller's scope (404 otherwise), as `payInstalment` records it. Publishes `premium.paid`.
 */
export async function recordPremiumPayment(
  deps: ServiceDeps,
  act: UserAct,
  input: RecordPremiumPaymentInput & { id: string; instalmentId: string },
): Promise<PremiumPaymentView> {
  return deps.uow.run(act, async (tx) => {
    const policy = await visiblePolicy(tx, act.caller.scope, input.id);
    const { paymentId, audit, publish } = await payInstalment(
      tx,
      policy,
      { instalmentId: input.instalmentId },
      input,
      act.actor,
    );
    return { answer: (em) => loadPremiumPaymentView(em, paymentId), audit, publish: [publish] };
  });
}
