import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { UUID_TEXT } from '../../kernel/ids.js';
import { tokenHash } from '../identity/index.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** The access token response of RFC 6749 section 5.1. */
export interface ClientToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** Compared with when no client has the id, so an unknown id costs what a wrong secret costs. */
const NO_HASH = tokenHash('no such client');

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * An access token for a machine client (OAuth 2.0 client credentials), or null when the id and
 * secret do not name an active client: its current secret, or its previous one within the overlap
 * after a rotation. The token names the client as its user and its session family, so revoking the
 * client ends it. Not audited (a client asks every few minutes); the client's `lastTokenAt` moves.
 */
export async function issueClientToken(deps: ServiceDeps, input: ClientCredentials): Promise<ClientToken | null> {
  const given = tokenHash(input.clientSecret);
  const client = UUID_TEXT.test(input.clientId)
    ? await db(deps.orm.em)
        .selectFrom('api_clients as c')
        .innerJoin('users as u', 'u.id', 'c.id')
        .select(['c.id', 'c.secret_hash', 'c.previous_secret_hash', 'c.previous_secret_expires_at', 'u.status'])
        .where('c.id', '=', input.clientId)
        .where('c.revoked_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  const current = sameHash(given, client?.secret_hash ?? NO_HASH);
  // The previous secret until its overlap ends, by the service's clock (which set that end).
  const previousValid =
    client?.previous_secret_expires_at && new Date(client.previous_secret_expires_at) > deps.clock.now();
  const previous = sameHash(given, (previousValid && client.previous_secret_hash) || NO_HASH);
  if (client?.status !== 'active' || !(current || previous)) return null;
  await db(deps.orm.em)
    .updateTable('api_clients')
    .set({ last_token_at: sql<Date>`now()` })
    .where('id', '=', client.id)
    .execute();
  return {
    access_token: deps.accessTokens.issueForClient(client.id),
    token_type: 'Bearer',
    expires_in: deps.accessTokens.ttlSeconds,
  };
}
