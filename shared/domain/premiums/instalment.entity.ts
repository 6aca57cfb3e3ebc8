import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

/** Stored states; `overdue` is read, not stored: a `due` instalment whose day has passed unpaid. */
export const STORED_INSTALMENT_STATUSES = ['due', 'paid', 'waived'] as const;
export type StoredInstalmentStatus = (typeof STORED_INSTALMENT_STATUSES)[number];

/** One instalment of a policy's premium, in minor units of the policy's currency. */
export const PremiumInstalment = defineEntity({
  name: 'PremiumInstalment',
  tableName: 'premium_instalments',
  properties: (p) => ({
    id: p.uuid().primary(),
    policyId: p.uuid(),
    seq: p.integer(),
    dueOn: p.string().columnType('date'),
    amountMinor: p.bigint('number'),
    paidMinor: p.bigint('number').defaultRaw('0'),
    currency: p.text(),
    status: p.text().$type<StoredInstalmentStatus>().defaultRaw(`'due'`),
    paidAt: p.datetime().nullable(),
    /** When the overdue reminder was queued (the daily reminder job), and when the mail went: once each. */
    reminderQueuedAt: p.datetime().nullable(),
    reminderSentAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});

/** A premium payment on one instalment; its reference is unique on the policy (a payment is recorded once). */
export const PremiumPayment = defineEntity({
  name: 'PremiumPayment',
  tableName: 'premium_payments',
  properties: (p) => ({
    id: p.uuid().primary(),
    policyId: p.uuid(),
    instalmentId: p.uuid(),
    amountMinor: p.bigint('number'),
    currency: p.text(),
    method: p.text(),
    reference: p.text(),
    paidAt: p.datetime(),
    recordedBy: p.text(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof PremiumInstalment | typeof PremiumPayment> {}
}
