import { defineEntity } from '@mikro-orm/core';

export const USER_STATUSES = ['pending', 'active', 'suspended', 'locked', 'archived'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const KYC_STATUSES = ['unverified', 'verified', 'rejected', 'revoked'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/**
 * The users table as an entity. Services mostly use SQL through the EntityManager (set-based
 * updates, row locks, aggregates); the mapping stays complete so ORM reads see every column.
 */
export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    id: p.uuid().primary(),
    email: p.text(),
    name: p.text(),
    phone: p.text().nullable(),
    status: p.text().$type<UserStatus>(),
    insurerId: p.text().nullable(),
    locale: p.text(),
    kycStatus: p.text().$type<KycStatus>(),
    kycReference: p.text().nullable(),
    nationalId: p.text().nullable(),
    // Credentials and second factor: hidden, so they never serialise; loaded only when asked for.
    passwordHash: p.text().nullable().hidden().lazy(),
    passwordChangedAt: p.datetime().nullable(),
    failedLoginCount: p.integer(),
    lockedUntil: p.datetime().nullable(),
    lastLoginAt: p.datetime().nullable(),
    mfaEnabled: p.boolean(),
    mfaSecret: p.text().nullable().hidden().lazy(),
    mfaLastStep: p.bigint('number').nullable(),
    statusReason: p.text().nullable(),
    version: p.integer().version(),
    createdAt: p.datetime(),
    updatedAt: p.datetime().onUpdate(() => new Date()),
  }),
});
