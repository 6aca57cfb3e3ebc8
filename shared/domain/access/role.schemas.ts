import { type Static, Type } from 'typebox';
import { component, PlainText, Timestamp, tag, Uuid } from '../../kernel/schema.js';

export const ROLES_TAG = tag(
  'roles',
  'Roles (named sets of permissions granted to users) and the permission catalogue.',
);

const PermissionName = Type.String({ pattern: '^[a-z_]+(:[a-z_]+){1,2}$', maxLength: 64 });
const Permissions = Type.Array(PermissionName, {
  maxItems: 200,
  uniqueItems: true,
  description: 'Names from the permission catalogue (GET /permissions)',
});
const RoleName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9 _.-]+$' });
const Description = PlainText(500, { minLength: 0 });

export const Role = component(
  'Role',
  Type.Object(
    {
      id: Uuid,
      name: Type.String({ maxLength: 255 }),
      description: Type.Union([Type.String({ maxLength: 500 }), Type.Null()]),
      system: Type.Boolean({ description: 'Seeded by the service: cannot be renamed or deleted' }),
      permissions: Type.Array(PermissionName, { maxItems: 200, description: 'Sorted by name' }),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    },
    { description: 'A named set of permissions' },
  ),
);
export type RoleView = Static<typeof Role>;

export const Permission = component(
  'Permission',
  Type.Object(
    {
      name: Type.String({ maxLength: 255, description: 'e.g. user:read' }),
      description: Type.String({ maxLength: 4000 }),
    },
    { description: 'A permission of the catalogue' },
  ),
);
/** A permission of the catalogue with what it allows, as GET /permissions lists it. */
export type PermissionView = Static<typeof Permission>;

export const CreateRoleInput = Type.Object(
  { name: RoleName, description: Type.Optional(Description), permissions: Type.Optional(Permissions) },
  { additionalProperties: false },
);
export type CreateRoleInput = Static<typeof CreateRoleInput>;

export const UpdateRoleInput = Type.Object(
  { name: Type.Optional(RoleName), description: Type.Optional(Type.Union([Description, Type.Null()])) },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateRoleInput = Static<typeof UpdateRoleInput>;

export const SetRolePermissionsInput = Type.Object({ permissions: Permissions }, { additionalProperties: false });
