import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

/**
 * A machine client's credentials (OAuth 2.0 client credentials). Secrets are stored as SHA-256 hashes:
 * they are 256 random bits, so a fast hash is as safe as a slow one and a token request costs no
 * argon2. After a rotation the previous secret works until `previousSecretExpiresAt`.
 */
export const ApiClient = defineEntity({
  name: 'ApiClient',
  tableName: 'api_clients',
  properties: (p) => ({
    id: p.uuid().primary(),
    name: p.text(),
    insurerId: p.text().nullable(),
    secretHash: p.text().hidden(),
    previousSecretHash: p.text().nullable().hidden(),
    previousSecretExpiresAt: p.datetime().nullable(),
    secretRotatedAt: p.datetime().nullable(),
    lastTokenAt: p.datetime().nullable(),
    createdBy: p.uuid(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
    revokedAt: p.datetime().nullable(),
    revokedBy: p.uuid().nullable(),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof ApiClient> {}
}
