import { defineEntity } from '@mikro-orm/core';
import type { TablesOf } from '../../db/database.js';

/** A named set of permissions; assigned to users through UserRole. */
export const Role = defineEntity({
  name: 'Role',
  tableName: 'roles',
  properties: (p) => ({
    id: p.uuid().primary(),
    name: p.text(),
    description: p.text().nullable(),
    system: p.boolean().defaultRaw('false'),
    permissions: () => p.oneToMany(RolePermission).mappedBy('role').orphanRemoval(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  }),
});

/** One permission a role holds (the catalogue's names; see permissions.ts). */
export const RolePermission = defineEntity({
  name: 'RolePermission',
  tableName: 'role_permissions',
  properties: (p) => ({
    role: () => p.manyToOne(Role).primary(),
    permission: p.text().primary(),
  }),
});

declare module '../../db/database.js' {
  interface Tables extends TablesOf<typeof Role | typeof RolePermission> {}
}
