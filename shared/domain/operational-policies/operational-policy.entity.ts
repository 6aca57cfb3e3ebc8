import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

export const POLICY_CATEGORIES = ['kyc', 'payments', 'security', 'data_sharing', 'referrals'] as const;
export type PolicyCategory = (typeof POLICY_CATEGORIES)[number];

/** A configuration record: `key` is the dotted name (`security.lockoutThreshold`), unique with its category. */
export const OperationalPolicy = defineEntity({
  name: 'OperationalPolicy',
  tableName: 'operational_policies',
  properties: (p) => ({
    id: p.uuid().primary(),
    category: p.text().$type<PolicyCategory>(),
    key: p.text(),
    name: p.text(),
    value: p.json<unknown>(),
    description: p.text().nullable(),
    active: p.boolean().defaultRaw('true'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof OperationalPolicy> {}
}
