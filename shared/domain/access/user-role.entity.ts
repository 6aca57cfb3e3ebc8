import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';
import { UserEntity as User } from '../users/index.js';
import { Role } from './role.entity.js';

/** A role held by a user. */
export const UserRole = defineEntity({
  name: 'UserRole',
  tableName: 'user_roles',
  properties: (p) => ({
    user: () => p.manyToOne(User).primary(),
    role: () => p.manyToOne(Role).primary(),
    assignedAt: p.datetime().defaultRaw('now()'),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof UserRole> {}
}
