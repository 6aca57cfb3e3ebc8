import { type InferResult, sql } from 'kysely';
import { db, iso, isoOrNull, type Source } from '../../db/database.js';
import type { RenewalView } from './renewal.schemas.js';

export function renewalViews(em: Source) {
  return db(em)
    .selectFrom('renewals as r')
    .select([
      'r.id',
      'r.renewal_number',
      'r.status',
      'r.policy_id',
      'r.policy_number',
      'r.agent_id',
      'r.insurer_id',
      'r.currency',
      'r.offer_expires_at',
      'r.decline_reason',
      'r.new_policy_id',
      'r.created_at',
      'r.updated_at',
    ])
    .select((eb) => [
      sql<string>`${eb.ref('r.proposed_premium_minor')}::text`.as('proposed_premium_minor'),
      sql<string | null>`${eb.ref('r.offered_premium_minor')}::text`.as('offered_premium_minor'),
      sql<string>`${eb.ref('r.term_from')}::text`.as('term_from'),
      sql<string>`${eb.ref('r.term_to')}::text`.as('term_to'),
    ]);
}

export type RenewalViewRow = InferResult<ReturnType<typeof renewalViews>>[number];

export function toRenewalView(r: RenewalViewRow): RenewalView {
  return {
    id: r.id,
    renewalNumber: r.renewal_number,
    status: r.status,
    policyId: r.policy_id,
    policyNumber: r.policy_number,
    agentId: r.agent_id,
    insurerId: r.insurer_id,
    proposedPremium: { amountMinor: Number(r.proposed_premium_minor), currency: r.currency },
    offeredPremium:
      r.offered_premium_minor === null ? null : { amountMinor: Number(r.offered_premium_minor), currency: r.currency },
    termFrom: r.term_from,
    termTo: r.term_to,
    offerExpiresAt: isoOrNull(r.offer_expires_at),
    declineReason: r.decline_reason,
    newPolicyId: r.new_policy_id,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export async function loadRenewalView(em: Source, id: string): Promise<RenewalView | null> {
  const row = await renewalViews(em).where('r.id', '=', id).executeTakeFirst();
  return row ? toRenewalView(row) : null;
}
