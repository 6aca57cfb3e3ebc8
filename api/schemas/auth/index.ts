import { Type } from 'typebox';
import { ERROR_RESPONSES, Envelope, Timestamp, Uuid } from '../common.js';
import { Email, Password, UserBody } from '../users/index.js';

const tags = ['auth'];
const NoContent = { 204: Type.Null({ description: 'Done' }), ...ERROR_RESPONSES };
const OpaqueToken = Type.String({ minLength: 16, maxLength: 512, pattern: '^[A-Za-z0-9_-]+$' });
const Code = Type.String({ minLength: 6, maxLength: 16, description: 'A 6-digit TOTP code or a recovery code' });

const TokenPair = Type.Object({
  accessToken: Type.String(), refreshToken: Type.String(), tokenType: Type.Literal('Bearer'),
  expiresIn: Type.Integer({ description: 'Access token lifetime, seconds' }), familyId: Type.String(), user: UserBody,
});
const MfaChallenge = Type.Object({ mfaRequired: Type.Literal(true), mfaToken: Type.String(), expiresIn: Type.Integer() });

export const loginSchema = {
  operationId: 'login', tags, security: [],
  summary: 'Sign in: { email, password }, then with MFA enabled { mfaToken, code }',
  description: 'Either email and password, or (second step of an MFA sign-in) mfaToken and code.',
  body: Type.Object({
    email: Type.Optional(Email), password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    mfaToken: Type.Optional(OpaqueToken), code: Type.Optional(Code),
  }, { additionalProperties: false }),
  response: { 200: Envelope(Type.Union([TokenPair, MfaChallenge])), ...ERROR_RESPONSES },
};
export const refreshSchema = {
  operationId: 'refreshTokens', tags, security: [], summary: 'Rotate the refresh token; a reused one revokes its family',
  body: Type.Object({ refreshToken: OpaqueToken }, { additionalProperties: false }),
  response: { 200: Envelope(TokenPair), ...ERROR_RESPONSES },
};
export const logoutSchema = {
  operationId: 'logout', tags, summary: 'End the session (family) of this refresh token',
  body: Type.Object({ refreshToken: OpaqueToken }, { additionalProperties: false }), response: NoContent,
};
export const logoutAllSchema = { operationId: 'logoutAll', tags, summary: 'End every session of the caller, this one included', response: NoContent };
export const forgotPasswordSchema = {
  operationId: 'forgotPassword', tags, security: [], summary: 'Always 202; a reset mail is sent when the email belongs to a user',
  body: Type.Object({ email: Email }, { additionalProperties: false }),
  response: { 202: Envelope(Type.Object({ status: Type.Literal('accepted') })), ...ERROR_RESPONSES },
};
export const resetPasswordSchema = {
  operationId: 'resetPassword', tags, security: [], summary: 'Single-use token, 30 minutes; unlocks and ends every session',
  body: Type.Object({ token: OpaqueToken, newPassword: Password }, { additionalProperties: false }), response: NoContent,
};
export const changePasswordSchema = {
  operationId: 'changePassword', tags, summary: 'Ends every other session',
  body: Type.Object({ currentPassword: Type.String({ minLength: 1, maxLength: 128 }), newPassword: Password }, { additionalProperties: false }),
  response: NoContent,
};
export const meSchema = {
  operationId: 'getMe', tags,
  response: { 200: Envelope(Type.Object({ ...UserBody.properties, permissions: Type.Array(Type.String()) })), ...ERROR_RESPONSES },
};
export const listSessionsSchema = {
  operationId: 'listSessions', tags, summary: 'Live sessions (logged-in devices) of the caller',
  response: {
    200: Envelope(Type.Array(Type.Object({
      familyId: Type.String(), current: Type.Boolean(), createdAt: Timestamp, lastUsedAt: Timestamp, expiresAt: Timestamp,
      userAgent: Type.Union([Type.String(), Type.Null()]), ip: Type.Union([Type.String(), Type.Null()]),
    }))),
    ...ERROR_RESPONSES,
  },
};
export const revokeSessionSchema = {
  operationId: 'revokeSession', tags, summary: 'Another device\'s session; the current one answers 422 (use logout)',
  params: Type.Object({ familyId: Uuid }), response: NoContent,
};
export const mfaSetupSchema = {
  operationId: 'setupMfa', tags, summary: 'Secret, otpauth URI and ten recovery codes, shown once; MFA is on after verify',
  response: { 201: Envelope(Type.Object({ secret: Type.String(), otpauthUri: Type.String(), recoveryCodes: Type.Array(Type.String()) })), ...ERROR_RESPONSES },
};
export const mfaVerifySchema = {
  operationId: 'verifyMfa', tags, summary: 'Enables MFA', body: Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }, { additionalProperties: false }), response: NoContent,
};
export const mfaDisableSchema = {
  operationId: 'disableMfa', tags, body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 128 }), code: Code }, { additionalProperties: false }), response: NoContent,
};
