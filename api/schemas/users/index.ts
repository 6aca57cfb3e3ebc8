import { Type } from 'typebox';
import { KYC_STATUSES, USER_STATUSES } from '../../../shared/domain/users/user.entity.js';
import { PageQuery, SearchQuery } from '../../http/pagination.js';
import {
  component,
  Envelope,
  ERROR_RESPONSES,
  IdOf,
  InsurerId,
  ListEnvelope,
  Nullable,
  Phone,
  PlainText,
  StringEnum,
  Timestamp,
  tag,
  Uuid,
} from '../common.js';

const tags = tag('users', 'Back-office users: accounts in your data scope, their status (a workflow) and their roles.');

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({
  minLength: 12,
  maxLength: 128,
  description: '12 to 128 characters, not the email',
});
const Name = PlainText(200);
const Locale = Type.String({ pattern: '^[a-z]{2,3}(-[A-Z]{2})?$', description: 'e.g. en, sw, fr-CA' });

/** The fields of a user as the API shows it (the User component; auth's CurrentUser extends them). */
export const UserFields = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    phone: Nullable(Type.String()),
    status: StringEnum(USER_STATUSES, {
      description:
        'pending until activated; locked: kept out until activated again (failed sign-ins never lock an account, only the email or device token tried)',
    }),
    insurerId: Type.Union([Type.String(), Type.Null()], {
      description: 'The insurer the user works for; null for platform staff',
    }),
    locale: Type.String(),
    kycStatus: StringEnum(KYC_STATUSES, { description: 'As reported by the identity registry' }),
    mfaEnabled: Type.Boolean(),
    roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
    lastLoginAt: Nullable(Timestamp),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A back-office user; never a password hash, MFA secret or token' },
);
export const User = component('User', UserFields);

const UserEnvelope = Envelope(User, 'The user');
const IdParams = Type.Object({ id: IdOf('The user') });

export const listUsersSchema = {
  operationId: 'listUsers',
  tags,
  summary: 'List users',
  description:
    'The users in your data scope (scope all: everyone; insurer: its users; agent: yourself), newest first unless sorted by createdAt, email or name.',
  querystring: Type.Object(
    {
      ...PageQuery,
      q: SearchQuery('email or name'),
      status: Type.Optional(StringEnum(USER_STATUSES, { description: 'Only users in this status' })),
      insurerId: Type.Optional(InsurerId('Only users of this insurer')),
    },
    { additionalProperties: false },
  ),
  response: { 200: ListEnvelope(User), ...ERROR_RESPONSES },
};

export const createUserSchema = {
  operationId: 'createUser',
  tags,
  summary: 'Create a user',
  description:
    'Creates a pending user. Without a password, a set-password mail is sent. Scope insurer creates users of its insurer only; scope agent cannot create users.',
  body: Type.Object(
    {
      email: Email,
      name: Name,
      password: Type.Optional(Password),
      phone: Type.Optional(Phone),
      insurerId: Type.Optional(InsurerId()),
      locale: Type.Optional(Locale),
    },
    { additionalProperties: false },
  ),
  response: { 201: Envelope(User, 'The user created'), ...ERROR_RESPONSES },
};

export const getUserSchema = {
  operationId: 'getUser',
  tags,
  summary: 'Get a user',
  description: 'One user of your data scope; 404 for any other.',
  params: IdParams,
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};

export const updateUserSchema = {
  operationId: 'updateUser',
  tags,
  summary: 'Update a user',
  description:
    'Changes the fields sent (at least one); null clears phone or insurerId. Changing insurerId needs data scope all. You need every permission the user holds (403 otherwise).',
  params: IdParams,
  body: Type.Object(
    {
      name: Type.Optional(Name),
      phone: Type.Optional(Nullable(Phone)),
      insurerId: Type.Optional(Nullable(InsurerId())),
      locale: Type.Optional(Locale),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};

// The summaries of the workflow actions come from the workflow table (api/http/workflow-route.ts).
export const activateUserSchema = {
  operationId: 'activateUser',
  tags,
  description:
    'Takes the user to active: a pending user can sign in from now on, a locked one is unlocked. Another status answers 422 INVALID_TRANSITION. You need every permission the user holds (403 otherwise). Without data scope all, the user who created the account cannot activate it (403 FORBIDDEN, details.reason four_eyes).',
  params: IdParams,
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
export const suspendUserSchema = {
  operationId: 'suspendUser',
  tags,
  description:
    'Takes the user to suspended and ends every session of theirs. The reason is kept in the audit trail. You cannot suspend yourself, nor a user holding a permission you do not hold (403). The last active admin cannot be suspended (422 INVARIANT_VIOLATION).',
  params: IdParams,
  body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false }),
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
export const archiveUserSchema = {
  operationId: 'archiveUser',
  tags,
  description:
    'Takes the user to archived, for good, and ends every session of theirs. You cannot archive yourself, nor a user holding a permission you do not hold (403). The last active admin cannot be archived (422 INVARIANT_VIOLATION).',
  params: IdParams,
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
export const assignRoleSchema = {
  operationId: 'assignRole',
  tags,
  summary: 'Grant a role to a user',
  description:
    "Adds the role to the user's roles (granting one they hold changes nothing). The user must be in your data scope (404 otherwise) and you need every permission of the role yourself; an unknown roleId answers 400.",
  params: IdParams,
  body: Type.Object({ roleId: Uuid }, { additionalProperties: false }),
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
export const removeRoleSchema = {
  operationId: 'removeRole',
  tags,
  summary: 'Take a role from a user',
  description:
    "Removes the role from the user's roles; 404 when they do not have it or are outside your data scope. You need every permission the user holds (403 otherwise). The last active admin keeps the admin role (422 INVARIANT_VIOLATION).",
  params: Type.Object({ id: IdOf('The user'), roleId: IdOf('The role') }),
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
