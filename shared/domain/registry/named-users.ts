import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { KycStatus } from '../users/index.js';

/** users.id as text is lowercase and hyphenated: only a userId of that form ever matched it. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A text field of the delivery's `data`, or null (the stored payload is the body as received). */
export function dataText(payload: Record<string, unknown>, name: string): string | null {
  const data: unknown = payload.data;
  const value: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, name) : undefined;
  return typeof value === 'string' ? value : null;
}

/** What an event names its user by: a userId (only a canonical one can match) and an email. */
export function namesOf(payload: Record<string, unknown>) {
  const userId = dataText(payload, 'userId');
  const email = dataText(payload, 'email');
  return { userId, canonicalId: userId && CANONICAL_UUID.test(userId) ? userId : null, email };
}

export interface UserKyc {
  id: string;
  kyc_status: KycStatus;
  kyc_reference: string | null;
  national_id: string | null;
}

/**
 * The users the events name, locked in id order, in one query: by canonical id, and by email
 * compared as PostgreSQL's lower() compares (each row says which of the given emails matched it).
 */
export async function namedUsers(em: EntityManager, names: ReturnType<typeof namesOf>[]) {
  const ids = [...new Set(names.flatMap((n) => (n.canonicalId ? [n.canonicalId] : [])))];
  const emails = [...new Set(names.flatMap((n) => (n.email ? [n.email] : [])))];
  const byId = new Map<string, UserKyc>();
  const byEmail = new Map<string, UserKyc>();
  if (!ids.length && !emails.length) return { byId, byEmail };
  const rows = await db(em)
    .selectFrom('users')
    .select(['id', 'kyc_status', 'kyc_reference', 'national_id'])
    .select(
      sql<string[]>`array(select g from unnest(${emails}::text[]) g where lower(g) = lower(users.email))`.as('given'),
    )
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('id', 'in', ids)] : []),
        ...(emails.length
          ? [
              eb(
                sql<string>`lower(email)`,
                'in',
                emails.map((e) => sql<string>`lower(${e})`),
              ),
            ]
          : []),
      ]),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const { given, ...user } of rows) {
    const kyc = { ...user, kyc_status: user.kyc_status as KycStatus };
    byId.set(kyc.id, kyc);
    for (const email of given) byEmail.set(email, kyc);
  }
  return { byId, byEmail };
}
