import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

export const QUOTATION_STATUSES = ['requested', 'quoted', 'accepted', 'withdrawn', 'expired'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/**
 * A quotation: an agent's request for a price (requested), the insurer's answer (quoted, valid
 * through its validUntil day, UTC), and the policy it becomes when accepted. It carries its agent and
 * insurer for the data scope, like a policy. Money in minor units of the sum insured's currency.
 * `version` is an optimistic lock: of two concurrent changes the later one answers 409.
 */
export const Quotation = defineEntity({
  name: 'Quotation',
  tableName: 'quotations',
  properties: (p) => ({
    id: p.uuid().primary(),
    quotationNumber: p.text(),
    status: p.text().$type<QuotationStatus>().defaultRaw(`'requested'`),
    agentId: p.uuid(),
    insurerId: p.text(),
    productCode: p.text(),
    applicantName: p.text(),
    applicantEmail: p.text().nullable(),
    applicantPhone: p.text().nullable(),
    applicantNationalId: p.text().nullable(),
    currency: p.text(),
    sumInsuredMinor: p.bigint('number'),
    premiumMinor: p.bigint('number').nullable(),
    validUntil: p.string().columnType('date').nullable(),
    terms: p.text().nullable(),
    policyId: p.uuid().nullable(),
    quotedAt: p.datetime().nullable(),
    acceptedAt: p.datetime().nullable(),
    withdrawnAt: p.datetime().nullable(),
    expiredAt: p.datetime().nullable(),
    version: p.integer().version().defaultRaw('1'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});
export type IQuotation = InferEntity<typeof Quotation>;

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof Quotation> {}
}
