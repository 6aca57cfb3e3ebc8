import { Type } from 'typebox';
import { component, IdOf, Nullable, Timestamp, tag } from '../../../shared/kernel/schema.js';
import { Envelope, ERROR_RESPONSES, NoContent } from '../../http/envelope.js';
import { Email, Password, User, UserFields } from '../users/index.js';

const tags = tag('auth', 'Signing in and out, tokens, sessions (one per device), passwords and MFA of the caller.');
const Done = { 204: NoContent(), ...ERROR_RESPONSES };
const OpaqueToken = Type.String({ minLength: 16, maxLength: 512, pattern: '^[A-Za-z0-9_-]+$' });
/** Any text: one that is not a valid device token of the user counts as none (never a 400). */
const DeviceToken = Type.String({
  maxLength: 512,
  description: 'The deviceToken of an earlier sign-in on this device',
});
const Code = Type.String({ minLength: 6, maxLength: 16, description: 'A 6-digit TOTP code or a recovery code' });

const TokenPairFields = {
  accessToken: Type.String({ description: 'Send as `Authorization: Bearer <accessToken>`' }),
  refreshToken: Type.String({ description: 'Single use: POST /auth/refresh returns the next one' }),
  tokenType: Type.Literal('Bearer'),
  expiresIn: Type.Integer({ description: 'Access token lifetime, seconds' }),
  familyId: Type.String({ description: 'The session (device) these tokens belong to' }),
  user: User,
};
const TokenPair = component(
  'TokenPair',
  Type.Object(TokenPairFields, { description: 'The tokens of a session and the signed-in user' }),
);
const SignedIn = component(
  'SignedIn',
  Type.Object(
    {
      ...TokenPairFields,
      deviceToken: Type.String({
        description:
          'Opaque, valid 180 days: send it as deviceToken with later sign-ins from this device, so failures of others on your email never lock you out',
      }),
    },
    { description: 'A completed sign-in: the tokens of the new session, the signed-in user and a device token' },
  ),
);
const MfaChallenge = component(
  'MfaChallenge',
  Type.Object(
    {
      mfaRequired: Type.Literal(true),
      mfaToken: Type.String({ description: 'Send with a code to POST /auth/login; single use, 5 minutes' }),
      expiresIn: Type.Integer({ description: 'mfaToken lifetime, seconds' }),
    },
    { description: 'The password was right and MFA is on: sign in again with mfaToken and a code' },
  ),
);
const CurrentUser = component(
  'CurrentUser',
  Type.Object(
    {
      ...UserFields.properties,
      permissions: Type.Array(Type.String(), { description: 'Resolved from the roles now, sorted' }),
    },
    { description: 'The signed-in user with their effective permissions' },
  ),
);
const Session = component(
  'Session',
  Type.Object(
    {
      familyId: Type.String(),
      current: Type.Boolean({ description: 'The session of this request' }),
      createdAt: Timestamp,
      lastUsedAt: Timestamp,
      expiresAt: Timestamp,
      userAgent: Nullable(Type.String()),
      ip: Nullable(Type.String()),
    },
    { description: 'A live session: one signed-in device, its refresh tokens one family' },
  ),
);
const MfaEnrolment = component(
  'MfaEnrolment',
  Type.Object(
    {
      secret: Type.String({ description: 'Base32 TOTP secret' }),
      otpauthUri: Type.String({ description: 'For a QR code' }),
      recoveryCodes: Type.Array(Type.String(), { description: 'Ten single-use codes, in place of a TOTP code' }),
    },
    { description: 'A new MFA secret with its recovery codes, shown once' },
  ),
);

export const loginSchema = {
  operationId: 'login',
  tags,
  security: [],
  summary: 'Sign in',
  description:
    'First step: email and password, answering the tokens, or an MFA challenge when the user has MFA on. ' +
    'Second step of an MFA sign-in: mfaToken and code. A completed sign-in answers a deviceToken: send it back as ' +
    'deviceToken with later sign-ins (either step) from the same device. A wrong email or password answers 401 ' +
    'INVALID_CREDENTIALS; a right password on an account that is not active answers 403. Consecutive failures ' +
    '(wrong passwords, wrong MFA codes, wrong current passwords at change-password) are counted per device token ' +
    'when a valid one of the user is sent, else per email, whether or not a user has it; at the threshold that ' +
    'count locks for a while: the sign-ins it covers answer 429 RATE_LIMITED with Retry-After and ' +
    'details.reason too_many_failed_sign_ins, before the password is checked. So failures of others lock the ' +
    'email, never a device you signed in on. A lockout changes no account and ends no session.',
  body: Type.Object(
    {
      email: Type.Optional(Email),
      password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
      mfaToken: Type.Optional(OpaqueToken),
      code: Type.Optional(Code),
      deviceToken: Type.Optional(DeviceToken),
    },
    {
      additionalProperties: false,
      description: '{ email, password } or { mfaToken, code }, either with the deviceToken of an earlier sign-in',
    },
  ),
  response: {
    200: Envelope(Type.Union([SignedIn, MfaChallenge]), 'Signed in, or an MFA challenge'),
    ...ERROR_RESPONSES,
  },
};
export const refreshSchema = {
  operationId: 'refreshTokens',
  tags,
  security: [],
  summary: 'Refresh the tokens',
  description:
    'Rotates the refresh token: answers a new pair, the one sent is spent. Presenting a spent refresh token again revokes its whole session (reuse detection), so a client must not refresh concurrently.',
  body: Type.Object({ refreshToken: OpaqueToken }, { additionalProperties: false }),
  response: { 200: Envelope(TokenPair, 'The new tokens'), ...ERROR_RESPONSES },
};
export const logoutSchema = {
  operationId: 'logout',
  tags,
  summary: 'Sign out',
  description:
    "Ends the session of this refresh token, which must be one of the caller's (401 INVALID_REFRESH_TOKEN otherwise).",
  body: Type.Object({ refreshToken: OpaqueToken }, { additionalProperties: false }),
  response: Done,
};
export const logoutAllSchema = {
  operationId: 'logoutAll',
  tags,
  summary: 'Sign out everywhere',
  description: 'Ends every session of the caller, this one included.',
  response: Done,
};
export const forgotPasswordSchema = {
  operationId: 'forgotPassword',
  tags,
  security: [],
  summary: 'Ask for a password reset mail',
  description:
    'Always answers 202, alike whether or not the email belongs to a user: the user is looked up afterwards, and when there is one a mail with a reset token (single use, valid 30 minutes) is sent.',
  body: Type.Object({ email: Email }, { additionalProperties: false }),
  response: { 202: Envelope(Type.Object({ status: Type.Literal('accepted') }), 'Accepted'), ...ERROR_RESPONSES },
};
export const resetPasswordSchema = {
  operationId: 'resetPassword',
  tags,
  security: [],
  summary: 'Reset the password with a mailed token',
  description:
    "Sets a new password with the token of a reset (or set-password) mail: single use, 30 minutes. Unlocks a locked account, ends the sign-in lockout of the email and of the user's devices, and ends every session. An invalid, used or expired token answers 400 on body.token.",
  body: Type.Object({ token: OpaqueToken, newPassword: Password }, { additionalProperties: false }),
  response: Done,
};
export const changePasswordSchema = {
  operationId: 'changePassword',
  tags,
  summary: 'Change your password',
  description:
    'Needs the current password; the new one must differ. Ends every other session; this one stays. A wrong current password counts towards the sign-in lockout, under the deviceToken when one of yours is sent, else under your email.',
  body: Type.Object(
    {
      currentPassword: Type.String({ minLength: 1, maxLength: 128 }),
      newPassword: Password,
      deviceToken: Type.Optional(DeviceToken),
    },
    { additionalProperties: false },
  ),
  response: Done,
};
export const meSchema = {
  operationId: 'getMe',
  tags,
  summary: 'Who am I',
  description: 'The signed-in user with the permissions their roles give them now.',
  response: { 200: Envelope(CurrentUser, 'The caller'), ...ERROR_RESPONSES },
};
export const listSessionsSchema = {
  operationId: 'listSessions',
  tags,
  summary: 'List your sessions',
  description: "The caller's live sessions (signed-in devices), most recently used first.",
  response: { 200: Envelope(Type.Array(Session), 'The sessions'), ...ERROR_RESPONSES },
};
export const revokeSessionSchema = {
  operationId: 'revokeSession',
  tags,
  summary: 'End another session',
  description:
    "Ends another of the caller's sessions (a lost device). The current session answers 422: use POST /auth/logout.",
  params: Type.Object({ familyId: IdOf('The session (from GET /auth/sessions)') }),
  response: Done,
};
// The summaries of the MFA workflow actions come from the workflow table (api/http/workflow-route.ts).
export const mfaSetupSchema = {
  operationId: 'setupMfa',
  tags,
  description:
    'Starts enrolment: a new secret, its otpauth URI and ten recovery codes, shown once. MFA is on only after POST /auth/mfa/verify; setting up again replaces a pending enrolment.',
  response: { 201: Envelope(MfaEnrolment, 'The enrolment'), ...ERROR_RESPONSES },
};
export const mfaVerifySchema = {
  operationId: 'verifyMfa',
  tags,
  description:
    "Turns MFA on with a code from the authenticator, proving it holds the new secret, and the password, so a stolen access token alone cannot enrol a thief's authenticator. A wrong password counts towards the sign-in lockout, under the deviceToken when one of yours is sent, else under your email (429 once locked).",
  body: Type.Object(
    {
      code: Type.String({ pattern: '^[0-9]{6}$' }),
      password: Type.String({ minLength: 1, maxLength: 128 }),
      deviceToken: Type.Optional(DeviceToken),
    },
    { additionalProperties: false },
  ),
  response: Done,
};
export const mfaDisableSchema = {
  operationId: 'disableMfa',
  tags,
  description:
    'Turns MFA off; needs the password and a TOTP or recovery code. The secret and recovery codes are deleted. A wrong password or code counts towards the sign-in lockout, under the deviceToken when one of yours is sent, else under your email (429 once locked).',
  body: Type.Object(
    { password: Type.String({ minLength: 1, maxLength: 128 }), code: Code, deviceToken: Type.Optional(DeviceToken) },
    { additionalProperties: false },
  ),
  response: Done,
};
