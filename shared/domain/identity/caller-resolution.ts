import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { Orm } from '../../db/orm.js';
import { preparedQuery } from '../../db/prepared.js';
import type { Caller } from '../../kernel/caller.js';
import { UnauthenticatedError } from '../../kernel/errors.js';
import { scopeOf } from '../../kernel/scope.js';
import { effectiveStatus } from '../users/index.js';
import { notActive } from './auth.service.js';
import { CALLER_CACHE_MAX_AGE_MS, type CallerStamps, type Stamps, sameStamps } from './caller-stamps.js';

const MAX_ENTRIES = 10_000;

/** The session, the user's effective status and the union of their roles' permissions: one prepared statement. */
const callerQuery = preparedQuery((em, p: { userId: string; familyId: string }) =>
  db(em)
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.kind', 'u.insurer_id', 's.revoked_at', 's.absolute_expires_at'])
    .select((eb) => [
      effectiveStatus(eb).as('status'),
      eb
        .selectFrom('user_roles as ur')
        .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
        .whereRef('ur.user_id', '=', 'u.id')
        .select(sql<string[]>`coalesce(array_agg(distinct rp.permission), '{}')`.as('p'))
        .as('permissions'),
    ])
    .where('s.family_id', '=', p.familyId)
    .where('s.user_id', '=', p.userId),
);

interface Entry {
  caller: Caller;
  stamps: Stamps;
  cachedAt: number;
  absoluteExpiresAt: number;
}

const sessionRevoked = () =>
  new UnauthenticatedError('SESSION_REVOKED', 'This session has been revoked; sign in again');

/**
 * Who is calling, from an access token's user and session family. The session must be live and the
 * user active, and permissions come from the user's roles now, never from the token. A resolved
 * caller is reused only while the user's and everyone's stamps in Redis are unchanged (every change
 * that can affect it replaces a stamp once committed, see CallerStamps), so revocation and role
 * changes apply on the very next request in every process; without Redis every request reads the
 * database.
 */
export class CallerResolver {
  private readonly cache = new Map<string, Entry>();
  constructor(
    private readonly orm: Orm,
    private readonly stamps: CallerStamps,
  ) {
    // What the copy drops, the callers cached against it lose too: an old stamp that Redis brings
    // back (a failover that lost the new one, a restart) can then match nothing.
    stamps.onDrop((users) => {
      if (users === 'all') return this.cache.clear();
      const changed = new Set(users);
      for (const [key, entry] of this.cache) if (changed.has(entry.caller.userId)) this.cache.delete(key);
    });
  }

  /**
   * `stampsRead`, when given, is a read of the user's stamps already under way (see readStamps), so the
   * request can send it to Redis together with other work of its own.
   */
  async resolve(userId: string, familyId: string, stampsRead?: Promise<Stamps | null>): Promise<Caller> {
    const key = `${familyId}:${userId}`;
    // Read before the database: a change committed after this read replaces a stamp, so it is seen next time.
    const stamps = await (stampsRead ?? this.stamps.readCached(userId));
    const now = Date.now();
    const hit = this.cache.get(key);
    if (
      hit &&
      stamps &&
      sameStamps(hit.stamps, stamps) &&
      now - hit.cachedAt < CALLER_CACHE_MAX_AGE_MS &&
      now < hit.absoluteExpiresAt
    ) {
      return hit.caller;
    }
    this.cache.delete(key);
    const { caller, absoluteExpiresAt } = await this.load(userId, familyId);
    if (stamps) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, { caller, stamps, cachedAt: now, absoluteExpiresAt });
    }
    return caller;
  }

  /** Starts reading a user's stamps: the first step of resolve, which can be taken early. */
  readStamps(userId: string): Promise<Stamps | null> {
    return this.stamps.readCached(userId);
  }

  private async load(userId: string, familyId: string): Promise<{ caller: Caller; absoluteExpiresAt: number }> {
    const [row] = await callerQuery(this.orm.em, { userId, familyId });
    const absoluteExpiresAt = row ? Date.parse(row.absolute_expires_at) : 0;
    if (!row || row.revoked_at !== null || absoluteExpiresAt <= Date.now()) throw sessionRevoked();
    if (row.status !== 'active') throw notActive();
    const permissions: ReadonlySet<string> = new Set(row.permissions ?? []);
    return {
      caller: {
        userId: row.id,
        kind: row.kind,
        familyId,
        insurerId: row.insurer_id,
        permissions,
        scope: scopeOf(row.id, row.insurer_id, permissions),
      },
      absoluteExpiresAt,
    };
  }
}
