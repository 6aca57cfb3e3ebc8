import type { Seed } from '../../kernel/seed.js';
import { Role, RolePermission } from './role.entity.js';
import { SYSTEM_ROLES } from './system-roles.js';

/**
 * The system roles with their default permissions. Existing system roles keep their edits; only the
 * admin role is topped up with new catalogue entries, so it always holds the whole catalogue.
 */
export const seedSystemRoles: Seed = async (em, { permissions }) => {
  const existing = await em.find(Role, { id: { $in: SYSTEM_ROLES.map((r) => r.id) } });
  for (const seeded of SYSTEM_ROLES) {
    let role = existing.find((r) => r.id === seeded.id);
    if (role && !seeded.everyPermission) continue;
    role ??= em.create(Role, { id: seeded.id, name: seeded.name, description: seeded.description, system: true });
    const held = new Set((await role.permissions.loadItems()).map((p) => p.permission));
    const wanted = seeded.everyPermission ? permissions : seeded.permissions;
    for (const permission of wanted)
      if (!held.has(permission)) role.permissions.add(em.create(RolePermission, { role, permission }));
  }
  return {};
};
