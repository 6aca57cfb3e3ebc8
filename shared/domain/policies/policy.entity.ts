import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';
import type { PremiumFrequencyName } from '../premiums/index.js';

export const POLICY_STATUSES = ['active', 'lapsed', 'cancelled', 'reinstated', 'expired', 'renewed'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/**
 * An insurance policy. Money is in minor units of the policy's currency; effectiveFrom/effectiveTo
 * and the cancellation's effective date are calendar dates (`YYYY-MM-DD`). Loaded as an entity with
 * the row lock a change needs; views and lists read it through Kysely.
 */
export const Policy = defineEntity({
  name: 'Policy',
  tableName: 'policies',
  properties: (p) => ({
    id: p.uuid().primary(),
    policyNumber: p.text(),
    status: p.text().$type<PolicyStatus>().defaultRaw(`'active'`),
    agentId: p.uuid(),
    insurerId: p.text(),
    productCode: p.text(),
    holderName: p.text(),
    holderEmail: p.text().nullable(),
    holderPhone: p.text().nullable(),
    holderNationalId: p.text().nullable(),
    currency: p.text(),
    sumInsuredMinor: p.bigint('number'),
    premiumMinor: p.bigint('number'),
    /** How often the premium is due: its instalments are the premiums domain's. */
    premiumFrequency: p.text().$type<PremiumFrequencyName>().defaultRaw(`'annual'`),
    effectiveFrom: p.string().columnType('date'),
    effectiveTo: p.string().columnType('date'),
    cancelledAt: p.datetime().nullable(),
    cancellationReason: p.text().nullable(),
    cancellationEffectiveDate: p.string().columnType('date').nullable(),
    /** Set when it is cancelled: the paid premium for the days after the cancellation date (premiums' `unearnedPremium`). */
    unearnedPremiumMinor: p.bigint('number').nullable(),
    lapsedAt: p.datetime().nullable(),
    expiredAt: p.datetime().nullable(),
    reinstatedAt: p.datetime().nullable(),
    renewedFromPolicyId: p.uuid().nullable(),
    renewedToPolicyId: p.uuid().nullable(),
    version: p.integer().version().defaultRaw('1'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});
export type IPolicy = InferEntity<typeof Policy>;

export const ENDORSEMENT_STATUSES = ['pending', 'approved', 'withdrawn'] as const;
export type EndorsementStatus = (typeof ENDORSEMENT_STATUSES)[number];
export const ENDORSEMENT_TYPES = ['coverage', 'premium', 'holder', 'term', 'other'] as const;
export type EndorsementType = (typeof ENDORSEMENT_TYPES)[number];

/** What an endorsement may change on its policy; applied as a whole when it is approved. */
export interface EndorsementChanges {
  sumInsured?: { amountMinor: number; currency: string };
  premium?: { amountMinor: number; currency: string };
  holder?: { name?: string; email?: string | null; phone?: string | null; nationalId?: string | null };
  effectiveTo?: string;
}

/** A change to a policy, proposed (pending) and applied when approved. */
export const Endorsement = defineEntity({
  name: 'Endorsement',
  tableName: 'endorsements',
  properties: (p) => ({
    id: p.uuid().primary(),
    policyId: p.uuid(),
    endorsementNumber: p.text(),
    status: p.text().$type<EndorsementStatus>().defaultRaw(`'pending'`),
    type: p.text().$type<EndorsementType>(),
    description: p.text(),
    effectiveDate: p.string().columnType('date'),
    changes: p.json<EndorsementChanges>(),
    createdBy: p.text(),
    approvedBy: p.text().nullable(),
    approvedAt: p.datetime().nullable(),
    withdrawnAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof Endorsement | typeof Policy> {}
}
