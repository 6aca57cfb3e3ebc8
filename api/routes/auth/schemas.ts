import { Type } from 'typebox';
import {
  ChangePasswordInput,
  CurrentUser,
  DisableMfaInput,
  ForgotPasswordInput,
  LoginInput,
  LoginSteps,
  MfaChallenge,
  MfaEnrolment,
  RefreshTokenInput,
  ResetPasswordInput,
  Session,
  SignedIn,
  TokenPair,
  AUTH_TAG as tags,
  VerifyMfaInput,
} from '../../../shared/domain/identity/index.js';
import { IdOf } from '../../../shared/kernel/schema.js';
import { DOCUMENTED_BODY, Envelope, ERROR_RESPONSES, NoContent } from '../../http/envelope.js';

const Done = { 204: NoContent(), ...ERROR_RESPONSES };

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
  body: LoginInput,
  // The document shows the two steps as a oneOf; the route's checks accept exactly those (auth.schemas.ts).
  [DOCUMENTED_BODY]: LoginSteps,
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
  body: RefreshTokenInput,
  response: { 200: Envelope(TokenPair, 'The new tokens'), ...ERROR_RESPONSES },
};
export const logoutSchema = {
  operationId: 'logout',
  tags,
  summary: 'Sign out',
  description:
    "Ends the session of this refresh token, which must be one of the caller's (401 INVALID_REFRESH_TOKEN otherwise).",
  body: RefreshTokenInput,
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
  body: ForgotPasswordInput,
  response: { 202: Envelope(Type.Object({ status: Type.Literal('accepted') }), 'Accepted'), ...ERROR_RESPONSES },
};
export const resetPasswordSchema = {
  operationId: 'resetPassword',
  tags,
  security: [],
  summary: 'Reset the password with a mailed token',
  description:
    "Sets a new password with the token of a reset (or set-password) mail: single use, 30 minutes. Unlocks a locked account, ends the sign-in lockout of the email and of the user's devices, and ends every session. An invalid, used or expired token answers 400 on body.token.",
  body: ResetPasswordInput,
  response: Done,
};
export const changePasswordSchema = {
  operationId: 'changePassword',
  tags,
  summary: 'Change your password',
  description:
    'Needs the current password; the new one must differ. Ends every other session; this one stays. A wrong current password counts towards the sign-in lockout, under the deviceToken when one of yours is sent, else under your email.',
  body: ChangePasswordInput,
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
  response: {
    200: Envelope(Type.Array(Session, { maxItems: 100 }), 'The sessions, the 100 most recently used at most'),
    ...ERROR_RESPONSES,
  },
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
  body: VerifyMfaInput,
  response: Done,
};
export const mfaDisableSchema = {
  operationId: 'disableMfa',
  tags,
  description:
    'Turns MFA off; needs the password and a TOTP or recovery code. The secret and recovery codes are deleted. A wrong password or code counts towards the sign-in lockout, under the deviceToken when one of yours is sent, else under your email (429 once locked).',
  body: DisableMfaInput,
  response: Done,
};
