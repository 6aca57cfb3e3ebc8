import type { Orm } from './orm.js';
import { PERMISSION_NAMES } from '../domain/access/permissions.js';
import { ADMIN_ROLE_ID, SYSTEM_ROLES } from '../domain/access/system-roles.js';

/**
 * Seeds what every install has: the system roles with their default permissions. Runs at every
 * start and is idempotent; admin always holds the whole catalogue, other system roles keep edits.
 */
export async function seedReferenceData(orm: Orm): Promise<void> {
  await orm.em.fork().transactional(async (em) => {
    for (const role of SYSTEM_ROLES) {
      const created = await em.execute<{ id: string }[]>(
        `insert into roles (id, name, description, system) values (?, ?, ?, true) on conflict (id) do nothing returning id`,
        [role.id, role.name, role.description],
      );
      if (created.length || role.id === ADMIN_ROLE_ID) {
        const permissions = role.id === ADMIN_ROLE_ID ? PERMISSION_NAMES : role.permissions;
        await em.execute(
          `insert into role_permissions (role_id, permission) select ?, jsonb_array_elements_text(?::jsonb) on conflict do nothing`,
          [role.id, JSON.stringify(permissions)],
        );
      }
    }
  });
}
