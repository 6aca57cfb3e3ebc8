import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

export const PRODUCT_STATUSES = ['draft', 'active', 'closed'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** An investment product: platform-wide, money in minor units of its currency, risk level 1 (lowest) to 7. */
export const InvestmentProduct = defineEntity({
  name: 'InvestmentProduct',
  tableName: 'investment_products',
  properties: (p) => ({
    id: p.uuid().primary(),
    name: p.text(),
    riskLevel: p.integer(),
    minInvestmentMinor: p.bigint('number'),
    currency: p.text(),
    status: p.text().$type<ProductStatus>().defaultRaw(`'draft'`),
    description: p.text().nullable(),
    closedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof InvestmentProduct> {}
}
