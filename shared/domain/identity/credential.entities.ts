import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';
import { UserEntity as User } from '../users/index.js';

/** A single-use MFA recovery code, stored as its SHA-256. */
export const MfaRecoveryCode = defineEntity({
  name: 'MfaRecoveryCode',
  tableName: 'mfa_recovery_codes',
  properties: (p) => ({
    user: () => p.manyToOne(User).primary(),
    codeHash: p.text().primary(),
    usedAt: p.datetime().nullable(),
  }),
});

/** The second step of an MFA sign-in: a single-use token (stored hashed) that lives five minutes. */
export const MfaChallenge = defineEntity({
  name: 'MfaChallenge',
  tableName: 'mfa_challenges',
  properties: (p) => ({
    tokenHash: p.text().primary(),
    user: () => p.manyToOne(User),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    failedAttempts: p.integer().defaultRaw('0'),
  }),
});

export const RESET_PURPOSES = ['reset', 'set_password'] as const;
export type ResetPurpose = (typeof RESET_PURPOSES)[number];

/** A password reset (or first password) request; the mail worker mints the token and stores its hash. */
export const PasswordResetToken = defineEntity({
  name: 'PasswordResetToken',
  tableName: 'password_reset_tokens',
  properties: (p) => ({
    id: p.uuid().primary(),
    user: () => p.manyToOne(User),
    purpose: p.text().$type<ResetPurpose>().defaultRaw(`'reset'`),
    tokenHash: p.text().nullable(),
    expiresAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});

/** Consecutive failed sign-ins of one normalised email (a user's or not) and, at the threshold, its lock. */
export const SignInFailure = defineEntity({
  name: 'SignInFailure',
  tableName: 'sign_in_failures',
  properties: (p) => ({
    email: p.text().primary(),
    failures: p.integer().defaultRaw('0'),
    lockedUntil: p.datetime().nullable(),
    updatedAt: p.datetime().defaultRaw('now()'),
  }),
});

/** Consecutive failed sign-ins presenting one device token of `user` and, at the threshold, that device's lock. */
export const SignInDeviceFailure = defineEntity({
  name: 'SignInDeviceFailure',
  tableName: 'sign_in_device_failures',
  properties: (p) => ({
    deviceId: p.uuid().primary(),
    user: () => p.manyToOne(User),
    failures: p.integer().defaultRaw('0'),
    lockedUntil: p.datetime().nullable(),
    updatedAt: p.datetime().defaultRaw('now()'),
  }),
});

/** A forgot-password request: the email as given (normalised); the worker finds the user, if any. */
export const PasswordResetRequest = defineEntity({
  name: 'PasswordResetRequest',
  tableName: 'password_reset_requests',
  properties: (p) => ({
    id: p.uuid().primary(),
    email: p.text(),
    resetId: p.uuid().nullable(),
    handledAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});

declare module '../../db/database.js' {
  interface Tables
    extends TablesOf<
      | typeof MfaChallenge
      | typeof MfaRecoveryCode
      | typeof PasswordResetRequest
      | typeof PasswordResetToken
      | typeof SignInDeviceFailure
      | typeof SignInFailure
    > {}
}
