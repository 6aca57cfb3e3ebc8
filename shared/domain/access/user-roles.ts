import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../db/database.js';
import type { UserAct } from '../../kernel/act.js';
import { assertHoldsAll } from '../../kernel/caller.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { NotFoundError, ValidationError } from '../../kernel/errors.js';
import type { UserView } from '../users/index.js';
import { loadUserView, lockVisibleUser } from '../users/index.js';
import { callerChanged } from './caller-changes.js';
import { Role } from './role.entity.js';
import { ADMIN_ROLE_ID } from './system-roles.js';
import { assertAnotherActiveAdmin, assertOutranks } from './user-guards.js';
import { UserRole } from './user-role.entity.js';

/**
 * The role, locked against a concurrent delete or permission change (FOR KEY SHARE waits for their
 * FOR UPDATE), with the permissions it holds once that lock is granted (read by a later statement).
 */
export async function roleWithPermissions(tx: EntityManager, roleId: string) {
  const role = await db(tx)
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('id', '=', roleId)
    .forKeyShare()
    .executeTakeFirst();
  if (!role) return undefined;
  const rows = await db(tx).selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).execute();
  return { ...role, permissions: rows.map((r) => r.permission) };
}

/** Grants a role. The caller must hold every permission of the role: nobody grants more than they have. */
export async function assignRole(
  deps: ServiceDeps,
  act: UserAct,
  { userId, roleId }: { userId: string; roleId: string },
): Promise<UserView> {
  return deps.uow.run(act, async (tx) => {
    const user = await lockVisibleUser(tx, act.caller.scope, userId);
    const role = await roleWithPermissions(tx, roleId);
    if (!role)
      throw new ValidationError([{ field: 'roleId', message: 'is not an existing role', constraint: 'exists' }]);
    assertHoldsAll(act.caller, role.permissions, 'You cannot grant a role with permissions you do not hold');
    // The user's row lock serialises grants to them: no concurrent insert can slip in after this read.
    const held = await tx.findOne(UserRole, { user: userId, role: roleId });
    if (!held) {
      tx.create(UserRole, { user, role: tx.getReference(Role, roleId) });
      callerChanged(tx, userId);
    }
    await tx.flush();
    return {
      result: (await loadUserView(tx, userId))!,
      audit: held
        ? []
        : {
            action: 'user.role_assign',
            subjectType: 'user',
            subjectId: userId,
            summary: { roleId, roleName: role.name },
          },
    };
  });
}

/**
 * Revokes a role: the user in the caller's scope, the caller holding every permission of the role and
 * of the user (nobody demotes someone who outranks them); the last active admin keeps the admin role.
 */
export async function removeRole(
  deps: ServiceDeps,
  act: UserAct,
  { userId, roleId }: { userId: string; roleId: string },
): Promise<UserView> {
  return deps.uow.run(act, async (tx) => {
    const user = await lockVisibleUser(tx, act.caller.scope, userId);
    await assertOutranks(tx, act.caller, userId, 'remove a role from');
    const role = await roleWithPermissions(tx, roleId);
    if (!role) throw new NotFoundError('No such role');
    assertHoldsAll(act.caller, role.permissions, 'You cannot revoke a role with permissions you do not hold');
    const held = await tx.findOne(UserRole, { user: userId, role: roleId });
    if (!held) throw new NotFoundError('The user does not have this role');
    if (roleId === ADMIN_ROLE_ID) await assertAnotherActiveAdmin(tx, user, 'lose the admin role');
    tx.remove(held);
    callerChanged(tx, userId);
    await tx.flush();
    return {
      result: (await loadUserView(tx, userId))!,
      audit: {
        action: 'user.role_remove',
        subjectType: 'user',
        subjectId: userId,
        summary: { roleId, roleName: role.name },
      },
    };
  });
}
