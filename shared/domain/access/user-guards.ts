import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../db/database.js';
import { assertHoldsAll, type Caller } from '../../kernel/caller.js';
import { DomainRuleError } from '../../kernel/errors.js';
import type { UserStatus } from '../users/index.js';
import { effectiveStatus, effectiveStatusOf } from '../users/index.js';
import { assertFourEyes } from './four-eyes.js';
import { ADMIN_ROLE_ID } from './system-roles.js';

/**
 * The permissions a user holds through their roles. Their roles are locked FOR KEY SHARE first, so a
 * concurrent change to one of those roles' permissions (FOR UPDATE) is either committed before the
 * set is read (by a later statement) or waits for this transaction.
 */
export async function permissionsHeldBy(tx: EntityManager, userId: string): Promise<string[]> {
  await db(tx)
    .selectFrom('roles as r')
    .innerJoin('user_roles as ur', 'ur.role_id', 'r.id')
    .select('r.id')
    .where('ur.user_id', '=', userId)
    .forKeyShare('r')
    .execute();
  const rows = await db(tx)
    .selectFrom('role_permissions as rp')
    .innerJoin('user_roles as ur', 'ur.role_id', 'rp.role_id')
    .select('rp.permission')
    .distinct()
    .where('ur.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.permission);
}

/**
 * Nobody acts on someone who outranks them: the caller must hold every permission the target holds
 * (403 with the missing ones otherwise). Called with the target's row locked, which keeps their roles
 * as they are (grants and removals lock it too).
 */
export async function assertOutranks(tx: EntityManager, caller: Caller, targetId: string, doing: string) {
  if (targetId === caller.userId) return;
  assertHoldsAll(
    caller,
    await permissionsHeldBy(tx, targetId),
    `You cannot ${doing} a user who holds permissions you do not hold`,
  );
}

/**
 * Nobody demotes someone who outranks them through a role they hold either: taking permissions out of
 * a role needs every permission held by each of its holders (the caller aside), in one statement over
 * all of them (403 with the missing ones otherwise).
 */
export async function assertOutranksHoldersOf(tx: EntityManager, caller: Caller, roleId: string): Promise<void> {
  const rows = await db(tx)
    .selectFrom('user_roles as holder')
    .innerJoin('user_roles as ur', 'ur.user_id', 'holder.user_id')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .select('rp.permission')
    .distinct()
    .where('holder.role_id', '=', roleId)
    .where('holder.user_id', '<>', caller.userId)
    .execute();
  assertHoldsAll(
    caller,
    rows.map((r) => r.permission),
    'You cannot take permissions from a role held by a user who holds permissions you do not hold',
  );
}

/**
 * The platform keeps an active admin: before a change that takes `user` (row locked) out of the active
 * admins, checks another one remains (422 otherwise). Such changes lock the admin role's row (FOR NO
 * KEY UPDATE: they queue one behind the other while grants, FOR KEY SHARE, go on) and then count in a
 * later statement, which sees whatever the change before them committed: two admins suspending each
 * other at the same moment leave one of them active.
 */
export async function assertAnotherActiveAdmin(
  tx: EntityManager,
  user: { id: string; status: UserStatus; lockedUntil?: Date | null },
  outcome: string,
) {
  if (effectiveStatusOf(user) !== 'active') return;
  const isAdmin = await db(tx)
    .selectFrom('user_roles')
    .select('user_id')
    .where('user_id', '=', user.id)
    .where('role_id', '=', ADMIN_ROLE_ID)
    .executeTakeFirst();
  if (!isAdmin) return;
  await db(tx).selectFrom('roles').select('id').where('id', '=', ADMIN_ROLE_ID).forNoKeyUpdate().execute();
  const another = await db(tx)
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', '<>', user.id)
    .where((eb) => eb(effectiveStatus(eb), '=', 'active'))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as ur')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .where('ur.role_id', '=', ADMIN_ROLE_ID),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  if (!another) throw new DomainRuleError('INVARIANT_VIOLATION', `The last active admin cannot ${outcome}`);
}

/**
 * Four eyes on accounts, for callers without data scope all: whoever created a user does not also
 * activate them (403, `details.reason: "four_eyes"`). Otherwise an insurer's user administrator makes
 * a second account of their own and acts as both maker and checker (files a claim with one account,
 * settles and pays it with the other). The creator is the actor of the user's `user.create` audit entry,
 * written in the creating transaction; a user made otherwise (seeded, bootstrapped) restricts nobody.
 * A caller of scope all answers for the whole platform and may provision alone (an install with one
 * administrator must be able to add a second).
 */
export async function assertNotProvisionedBy(tx: EntityManager, caller: Caller, userId: string): Promise<void> {
  if (caller.scope.kind === 'all') return;
  const created = await db(tx)
    .selectFrom('audit_entries')
    .select('actor')
    .where('subject_type', '=', 'user')
    .where('subject_id', '=', userId)
    .where('action', '=', 'user.create')
    .executeTakeFirst();
  await assertFourEyes(tx, created?.actor, caller.userId, 'The user who created an account cannot also activate it');
}
