import { uuidv7 } from '../../kernel/ids.js';
import type { Seed } from '../../kernel/seed.js';
import { ADMIN_ROLE_ID, RoleEntity, UserRoleEntity } from '../access/index.js';
import { UserEntity } from '../users/index.js';
import { hashPassword } from './passwords.js';

/** The bootstrap admin, when BOOTSTRAP_ADMIN_* is set and there are no users yet (after the system roles). */
export const bootstrapAdmin: Seed = async (em, { config }) => {
  const none = { made: { bootstrapAdminCreated: false } };
  if (!config?.BOOTSTRAP_ADMIN_EMAIL || !config.BOOTSTRAP_ADMIN_PASSWORD || (await em.count(UserEntity)) > 0)
    return none;
  const admin = em.create(UserEntity, {
    id: uuidv7(),
    email: config.BOOTSTRAP_ADMIN_EMAIL,
    name: 'Administrator',
    status: 'active',
    passwordHash: await hashPassword(config.BOOTSTRAP_ADMIN_PASSWORD),
    passwordChangedAt: new Date(),
  });
  em.create(UserRoleEntity, { user: admin, role: em.getReference(RoleEntity, ADMIN_ROLE_ID) });
  return {
    made: { bootstrapAdminCreated: true },
    audit: [{ action: 'user.bootstrap_admin', subjectType: 'user', subjectId: admin.id }],
  };
};
