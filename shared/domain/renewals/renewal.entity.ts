import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

export const RENEWAL_STATUSES = ['pending', 'offered', 'accepted', 'declined', 'lapsed', 'converted'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];
/** A renewal still open: at most one per policy. */
export const OPEN_RENEWAL_STATUSES = ['pending', 'offered', 'accepted'] as const satisfies RenewalStatus[];

/**
 * A renewal: the next term of a policy (same length, from the day after its effectiveTo). It carries
 * the policy's agent and insurer, so it is scoped like its policy, and the policy number for `q`.
 */
export const Renewal = defineEntity({
  name: 'Renewal',
  tableName: 'renewals',
  properties: (p) => ({
    id: p.uuid().primary(),
    renewalNumber: p.text(),
    status: p.text().$type<RenewalStatus>().defaultRaw(`'pending'`),
    policyId: p.uuid(),
    policyNumber: p.text(),
    agentId: p.uuid(),
    insurerId: p.text(),
    currency: p.text(),
    proposedPremiumMinor: p.bigint('number'),
    offeredPremiumMinor: p.bigint('number').nullable(),
    termFrom: p.string().columnType('date'),
    termTo: p.string().columnType('date'),
    offerExpiresAt: p.datetime().nullable(),
    declineReason: p.text().nullable(),
    newPolicyId: p.uuid().nullable(),
    offeredAt: p.datetime().nullable(),
    acceptedAt: p.datetime().nullable(),
    declinedAt: p.datetime().nullable(),
    lapsedAt: p.datetime().nullable(),
    convertedAt: p.datetime().nullable(),
    version: p.integer().version().defaultRaw('1'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});
export type IRenewal = InferEntity<typeof Renewal>;

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof Renewal> {}
}
