import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

export const USER_STATUSES = ['pending', 'active', 'suspended', 'locked', 'archived'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const KYC_STATUSES = ['unverified', 'verified', 'rejected', 'revoked'] as const;
export type UserKind = 'person' | 'client';
export type KycStatus = (typeof KYC_STATUSES)[number];

/**
 * A user: identity, status, data scope (insurerId) and credentials. Loaded as an entity (with the row
 * lock a change needs) and changed as an object; views and lists read it through Kysely.
 */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    id: p.uuid().primary(),
    /** `client` for a machine client's own row (api-clients): it has no email and never signs in. */
    kind: p.text().$type<UserKind>().defaultRaw(`'person'`),
    email: p.text().nullable(),
    name: p.text(),
    phone: p.text().nullable(),
    status: p.text().$type<UserStatus>().defaultRaw(`'pending'`),
    insurerId: p.text().nullable(),
    locale: p.text().defaultRaw(`'en'`),
    kycStatus: p.text().$type<KycStatus>().defaultRaw(`'unverified'`),
    kycReference: p.text().nullable(),
    nationalId: p.text().nullable(),
    // Credentials and second factor: hidden, so they never serialise; loaded only when asked for.
    passwordHash: p.text().nullable().hidden().lazy(),
    passwordChangedAt: p.datetime().nullable(),
    failedLoginCount: p.integer().defaultRaw('0'),
    lockedUntil: p.datetime().nullable(),
    lastLoginAt: p.datetime().nullable(),
    mfaEnabled: p.boolean().defaultRaw('false'),
    mfaSecret: p.text().nullable().hidden().lazy(),
    mfaLastStep: p.bigint('number').nullable(),
    statusReason: p.text().nullable(),
    version: p.integer().version().defaultRaw('1'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});
export type IUser = InferEntity<typeof User>;

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof User> {}
}
