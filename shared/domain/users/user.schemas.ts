import { type Static, Type } from 'typebox';
import {
  component,
  InsurerId,
  Nullable,
  Phone,
  PlainText,
  StringEnum,
  Timestamp,
  tag,
  Uuid,
} from '../../kernel/schema.js';
import { KYC_STATUSES, USER_STATUSES } from './user.entity.js';

export const USERS_TAG = tag(
  'users',
  'Back-office users: accounts in your data scope, their status (a workflow) and their roles.',
);

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({
  minLength: 12,
  maxLength: 128,
  description: '12 to 128 characters, not the email',
});
const Name = PlainText(200);
const Locale = Type.String({ pattern: '^[a-z]{2,3}(-[A-Z]{2})?$', maxLength: 6, description: 'e.g. en, sw, fr-CA' });

/** The fields of a user as the API shows it (the User component; auth's CurrentUser extends them). */
export const UserFields = Type.Object(
  {
    id: Uuid,
    email: Type.String({ maxLength: 254 }),
    name: Type.String({ maxLength: 255 }),
    phone: Nullable(Type.String({ maxLength: 32 })),
    status: StringEnum(USER_STATUSES, {
      description:
        'pending until activated; locked: kept out until activated again (failed sign-ins never lock an account, only the email or device token tried)',
    }),
    insurerId: Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
      description: 'The insurer the user works for; null for platform staff',
    }),
    locale: Type.String({ maxLength: 35 }),
    kycStatus: StringEnum(KYC_STATUSES, { description: 'As reported by the identity registry' }),
    mfaEnabled: Type.Boolean(),
    // Roles are granted one by one from a small catalogue: a user holds a few.
    roles: Type.Array(Type.Object({ id: Uuid, name: Type.String({ maxLength: 255 }) }), { maxItems: 100 }),
    lastLoginAt: Nullable(Timestamp),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A back-office user; never a password hash, MFA secret or token' },
);
export const User = component('User', UserFields);
/** A user as the API shows it: never a password hash, MFA secret or token. */
export type UserView = Static<typeof User>;

/** The filters of the user list (GET /users), besides the page and `q`. */
export const UserFilters = Type.Object({
  status: Type.Optional(StringEnum(USER_STATUSES, { description: 'Only users in this status' })),
  insurerId: Type.Optional(InsurerId('Only users of this insurer')),
});
export type UserFilters = Static<typeof UserFilters>;

export const CreateUserInput = Type.Object(
  {
    email: Email,
    name: Name,
    password: Type.Optional(Password),
    phone: Type.Optional(Phone),
    insurerId: Type.Optional(InsurerId()),
    locale: Type.Optional(Locale),
  },
  { additionalProperties: false },
);
export type CreateUserInput = Static<typeof CreateUserInput>;

export const UpdateUserInput = Type.Object(
  {
    name: Type.Optional(Name),
    phone: Type.Optional(Nullable(Phone)),
    insurerId: Type.Optional(Nullable(InsurerId())),
    locale: Type.Optional(Locale),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateUserInput = Static<typeof UpdateUserInput>;

export const SuspendUserInput = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);

export const AssignRoleInput = Type.Object({ roleId: Uuid }, { additionalProperties: false });
