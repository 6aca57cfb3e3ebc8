import { type InferResult, sql } from 'kysely';
import { db, iso, isoOrNull, type Source } from '../../db/database.js';
import type { PublishedEventType, PublishInput } from '../../kernel/published-events.js';
import type { PolicyView } from './policy.schemas.js';

/** Policies as views, to be narrowed with where clauses. Dates come back as `YYYY-MM-DD` text, money as text. */
export function policyViews(em: Source) {
  return db(em)
    .selectFrom('policies as p')
    .select([
      'p.id',
      'p.policy_number',
      'p.status',
      'p.agent_id',
      'p.insurer_id',
      'p.product_code',
      'p.holder_name',
      'p.holder_email',
      'p.holder_phone',
      'p.holder_national_id',
      'p.currency',
      'p.premium_frequency',
      'p.cancelled_at',
      'p.cancellation_reason',
      'p.lapsed_at',
      'p.expired_at',
      'p.reinstated_at',
      'p.renewed_from_policy_id',
      'p.renewed_to_policy_id',
      'p.created_at',
      'p.updated_at',
    ])
    .select((eb) => [
      sql<string>`${eb.ref('p.sum_insured_minor')}::text`.as('sum_insured_minor'),
      sql<string>`${eb.ref('p.premium_minor')}::text`.as('premium_minor'),
      sql<string>`${eb.ref('p.effective_from')}::text`.as('effective_from'),
      sql<string>`${eb.ref('p.effective_to')}::text`.as('effective_to'),
      sql<string | null>`${eb.ref('p.cancellation_effective_date')}::text`.as('cancellation_effective_date'),
      sql<string | null>`${eb.ref('p.unearned_premium_minor')}::text`.as('unearned_premium_minor'),
    ]);
}

export type PolicyViewRow = InferResult<ReturnType<typeof policyViews>>[number];

export function toPolicyView(r: PolicyViewRow): PolicyView {
  return {
    id: r.id,
    policyNumber: r.policy_number,
    status: r.status,
    agentId: r.agent_id,
    insurerId: r.insurer_id,
    productCode: r.product_code,
    holder: { name: r.holder_name, email: r.holder_email, phone: r.holder_phone, nationalId: r.holder_national_id },
    sumInsured: { amountMinor: Number(r.sum_insured_minor), currency: r.currency },
    premium: { amountMinor: Number(r.premium_minor), currency: r.currency },
    premiumFrequency: r.premium_frequency,
    effectiveFrom: r.effective_from,
    effectiveTo: r.effective_to,
    cancelledAt: isoOrNull(r.cancelled_at),
    cancellationReason: r.cancellation_reason,
    cancellationEffectiveDate: r.cancellation_effective_date,
    unearnedPremium:
      r.unearned_premium_minor === null
        ? null
        : { amountMinor: Number(r.unearned_premium_minor), currency: r.currency },
    lapsedAt: isoOrNull(r.lapsed_at),
    expiredAt: isoOrNull(r.expired_at),
    reinstatedAt: isoOrNull(r.reinstated_at),
    renewedFromPolicyId: r.renewed_from_policy_id,
    renewedToPolicyId: r.renewed_to_policy_id,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** One policy as the API shows it, in the em's transaction when it has one. */
export async function loadPolicyView(em: Source, id: string): Promise<PolicyView | null> {
  const row = await policyViews(em).where('p.id', '=', id).executeTakeFirst();
  return row ? toPolicyView(row) : null;
}

/** A policy's integration event: in its agent's and insurer's scope, with the policy as GET returns it. */
export function policyPublished(
  type: PublishedEventType,
  policy: { id: string; agentId: string; insurerId: string },
): PublishInput {
  return {
    type,
    subject: { type: 'policy', id: policy.id },
    owner: { agentId: policy.agentId, insurerId: policy.insurerId },
    data: async (em) => loadPolicyView(em, policy.id),
  };
}
