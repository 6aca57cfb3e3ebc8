import { Type } from 'typebox';
import { USER_STATUSES, KYC_STATUSES } from '../../../shared/domain/users/user.entity.js';
import { PageQuery } from '../../http/pagination.js';
import { ERROR_RESPONSES, Envelope, ListEnvelope, StringEnum, Timestamp, Uuid } from '../common.js';

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 12, maxLength: 128, description: '12 to 128 characters, not the email' });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Phone = Type.String({ pattern: '^\\+?[0-9 ()-]{5,32}$', maxLength: 32 });
const InsurerId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' });
const Locale = Type.String({ pattern: '^[a-z]{2,3}(-[A-Z]{2})?$', description: 'e.g. en, sw, fr-CA' });

export const UserBody = Type.Object({
  id: Type.String(), email: Type.String(), name: Type.String(), phone: Type.Union([Type.String(), Type.Null()]),
  status: StringEnum(USER_STATUSES), insurerId: Type.Union([Type.String(), Type.Null()]), locale: Type.String(),
  kycStatus: StringEnum(KYC_STATUSES), mfaEnabled: Type.Boolean(),
  roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  lastLoginAt: Type.Union([Timestamp, Type.Null()]), createdAt: Timestamp, updatedAt: Timestamp,
});

const UserEnvelope = Envelope(UserBody);
const IdParams = Type.Object({ id: Uuid });
const tags = ['users'];

export const listUsersSchema = {
  operationId: 'listUsers', tags, summary: 'Users in your data scope',
  querystring: Type.Object({
    ...PageQuery,
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Case-insensitive substring of email or name' })),
    status: Type.Optional(StringEnum(USER_STATUSES)),
    insurerId: Type.Optional(InsurerId),
  }, { additionalProperties: false }),
  response: { 200: ListEnvelope(UserBody), ...ERROR_RESPONSES },
};

export const createUserSchema = {
  operationId: 'createUser', tags, summary: 'Create a pending user (without a password, a set-password mail is sent)',
  body: Type.Object({
    email: Email, name: Name, password: Type.Optional(Password), phone: Type.Optional(Phone),
    insurerId: Type.Optional(InsurerId), locale: Type.Optional(Locale),
  }, { additionalProperties: false }),
  response: { 201: UserEnvelope, ...ERROR_RESPONSES },
};

export const getUserSchema = { operationId: 'getUser', tags, params: IdParams, response: { 200: UserEnvelope, ...ERROR_RESPONSES } };

export const updateUserSchema = {
  operationId: 'updateUser', tags, params: IdParams,
  body: Type.Object({
    name: Type.Optional(Name), phone: Type.Optional(Type.Union([Phone, Type.Null()])),
    insurerId: Type.Optional(Type.Union([InsurerId, Type.Null()])), locale: Type.Optional(Locale),
  }, { additionalProperties: false, minProperties: 1 }),
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};

export const activateUserSchema = { operationId: 'activateUser', tags, summary: 'pending, suspended or locked to active', params: IdParams, response: { 200: UserEnvelope, ...ERROR_RESPONSES } };
export const suspendUserSchema = {
  operationId: 'suspendUser', tags, summary: 'pending, active or locked to suspended; ends every session', params: IdParams,
  body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false }),
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
export const archiveUserSchema = { operationId: 'archiveUser', tags, summary: 'Any status but archived to archived; ends every session', params: IdParams, response: { 200: UserEnvelope, ...ERROR_RESPONSES } };
export const assignRoleSchema = {
  operationId: 'assignRole', tags, params: IdParams,
  body: Type.Object({ roleId: Uuid }, { additionalProperties: false }),
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
export const removeRoleSchema = {
  operationId: 'removeRole', tags, params: Type.Object({ id: Uuid, roleId: Uuid }),
  response: { 200: UserEnvelope, ...ERROR_RESPONSES },
};
