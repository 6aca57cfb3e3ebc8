import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';
import { UserEntity as User } from '../users/index.js';

/**
 * A session family: one sign-in on one device. The current refresh token is stored only as its
 * hash; the hashes it replaced are RotatedToken rows, kept to detect reuse.
 */
export const AuthSession = defineEntity({
  name: 'AuthSession',
  tableName: 'auth_sessions',
  properties: (p) => ({
    familyId: p.uuid().primary(),
    user: () => p.manyToOne(User),
    refreshHash: p.text().hidden(),
    createdAt: p.datetime().defaultRaw('now()'),
    lastUsedAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    absoluteExpiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    revokedReason: p.text().nullable(),
    userAgent: p.text().nullable(),
    ip: p.text().nullable(),
  }),
});

export const RotatedToken = defineEntity({
  name: 'RotatedToken',
  tableName: 'auth_rotated_tokens',
  properties: (p) => ({
    tokenHash: p.text().primary(),
    family: () => p.manyToOne(AuthSession).fieldName('family_id'),
    rotatedAt: p.datetime().defaultRaw('now()'),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof AuthSession | typeof RotatedToken> {}
}
