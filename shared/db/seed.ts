import { PERMISSION_NAMES } from '../catalogues.js';
import type { Config } from '../config/index.js';
import { Role, RolePermission } from '../domain/access/role.entity.js';
import { ADMIN_ROLE_ID, SYSTEM_ROLES } from '../domain/access/system-roles.js';
import { UserRole } from '../domain/access/user-role.entity.js';
import { hashPassword } from '../domain/identity/passwords.js';
import { User } from '../domain/users/user.entity.js';
import { uuidv7 } from '../kernel/ids.js';
import { SYSTEM_ACTOR, UnitOfWork } from '../kernel/unit-of-work.js';
import { db } from './database.js';
import type { Orm } from './orm.js';

const SEED_LOCK = 7_262_002;

/**
 * Seeds what every install has: the system roles with their default permissions, and the bootstrap
 * admin when BOOTSTRAP_ADMIN_* is set and there are no users yet. Runs at every start; idempotent,
 * and serialised so processes starting together do not race. Admin always holds the whole catalogue;
 * other system roles keep the edits made to them.
 */
export async function seedReferenceData(
  orm: Orm,
  config?: Pick<Config, 'BOOTSTRAP_ADMIN_EMAIL' | 'BOOTSTRAP_ADMIN_PASSWORD'>,
): Promise<{ bootstrapAdminCreated: boolean }> {
  const adminHash =
    config?.BOOTSTRAP_ADMIN_EMAIL && config.BOOTSTRAP_ADMIN_PASSWORD
      ? await hashPassword(config.BOOTSTRAP_ADMIN_PASSWORD)
      : null;
  // The unit of work writes the bootstrap admin's audit entry as it does every change's.
  return new UnitOfWork(orm).run({ actor: SYSTEM_ACTOR }, async (em) => {
    // Held to COMMIT: processes starting together seed one after the other.
    await db(em)
      .selectNoFrom((eb) => eb.fn<void>('pg_advisory_xact_lock', [eb.lit(SEED_LOCK)]).as('locked'))
      .execute();
    const existing = await em.find(Role, { id: { $in: SYSTEM_ROLES.map((r) => r.id) } });
    for (const seeded of SYSTEM_ROLES) {
      let role = existing.find((r) => r.id === seeded.id);
      // Existing system roles keep their edits; only admin is topped up with new catalogue entries.
      if (role && role.id !== ADMIN_ROLE_ID) continue;
      role ??= em.create(Role, { id: seeded.id, name: seeded.name, description: seeded.description, system: true });
      const held = new Set((await role.permissions.loadItems()).map((p) => p.permission));
      const wanted = seeded.everyPermission ? PERMISSION_NAMES : seeded.permissions;
      for (const permission of wanted)
        if (!held.has(permission)) role.permissions.add(em.create(RolePermission, { role, permission }));
    }
    const none = { result: { bootstrapAdminCreated: false }, audit: [] };
    if (!adminHash || !config?.BOOTSTRAP_ADMIN_EMAIL || (await em.count(User)) > 0) return none;
    const admin = em.create(User, {
      id: uuidv7(),
      email: config.BOOTSTRAP_ADMIN_EMAIL,
      name: 'Administrator',
      status: 'active',
      passwordHash: adminHash,
      passwordChangedAt: new Date(),
    });
    em.create(UserRole, { user: admin, role: em.getReference(Role, ADMIN_ROLE_ID) });
    return {
      result: { bootstrapAdminCreated: true },
      audit: { action: 'user.bootstrap_admin', subjectType: 'user', subjectId: admin.id },
    };
  });
}
