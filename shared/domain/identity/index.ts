/** The identity domain (sign-in, tokens, sessions, passwords, MFA) as the rest of the service sees it. */

import { defineDomain } from '../../kernel/manifest.js';
import {
  MfaChallenge as MfaChallengeEntity,
  MfaRecoveryCode as MfaRecoveryCodeEntity,
  PasswordResetRequest as PasswordResetRequestEntity,
  PasswordResetToken as PasswordResetTokenEntity,
  SignInDeviceFailure as SignInDeviceFailureEntity,
  SignInFailure as SignInFailureEntity,
} from './credential.entities.js';
import { AuthSession as AuthSessionEntity, RotatedToken as RotatedTokenEntity } from './session.entity.js';

export type { AccessClaims } from './access-token.js';
export {
  AUTH_TAG,
  ChangePasswordInput,
  CurrentUser,
  ForgotPasswordInput,
  LoginInput,
  MfaChallenge,
  RefreshTokenInput,
  ResetPasswordInput,
  SignedIn,
  TokenPair,
} from './auth.schemas.js';
export { logout, logoutAll, me, refresh } from './auth.service.js';
export { CallerResolver } from './caller-resolution.js';
export type { Stamps } from './caller-stamps.js';
export { DisableMfaInput, MfaEnrolment, VerifyMfaInput } from './mfa.schemas.js';
export { disableMfa, setupMfa, verifyMfa } from './mfa.service.js';
export { MFA_WORKFLOW } from './mfa.workflow.js';
export { changePassword, requestPasswordReset, resetPassword } from './password.service.js';
export { Session, type SessionView } from './session.schemas.js';
export { listSessions, revokeSession } from './sessions.js';
export { completeMfaLogin, login } from './sign-in.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const identityDomain = defineDomain({
  name: 'identity',
  entities: [
    MfaChallengeEntity,
    MfaRecoveryCodeEntity,
    PasswordResetRequestEntity,
    PasswordResetTokenEntity,
    SignInDeviceFailureEntity,
    SignInFailureEntity,
    AuthSessionEntity,
    RotatedTokenEntity,
  ],
});
