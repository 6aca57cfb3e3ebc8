/** The identity domain (sign-in, tokens, sessions, passwords, MFA) as the rest of the service sees it. */

import { jobAct } from '../../kernel/act.js';
import { defineJob } from '../../kernel/jobs.js';
import { defineDomain } from '../../kernel/manifest.js';
import { bootstrapAdmin } from './bootstrap-admin.js';
import {
  MfaChallenge as MfaChallengeEntity,
  MfaRecoveryCode as MfaRecoveryCodeEntity,
  PasswordResetRequest as PasswordResetRequestEntity,
  PasswordResetToken as PasswordResetTokenEntity,
  SignInDeviceFailure as SignInDeviceFailureEntity,
  SignInFailure as SignInFailureEntity,
} from './credential.entities.js';
import { identityDemo } from './identity.demo.js';
import { provideIdentity } from './identity.deps.js';
import { IDENTITY_ERRORS } from './identity.errors.js';
import { SEND_MAIL } from './identity.jobs.js';
import { MFA_WORKFLOW } from './mfa.workflow.js';
import { sendPasswordResetMail } from './password-reset-mail.js';
import { mailPasswordResetRequest } from './reset-request-mail.js';
import { AuthSession as AuthSessionEntity, RotatedToken as RotatedTokenEntity } from './session.entity.js';

export type { AccessClaims } from './access-token.js';
export { createUser, updateUser } from './accounts.js';
export {
  AUTH_TAG,
  ChangePasswordInput,
  CurrentUser,
  ForgotPasswordInput,
  LoginInput,
  LoginSteps,
  MfaChallenge,
  RefreshTokenInput,
  ResetPasswordInput,
  SignedIn,
  TokenPair,
} from './auth.schemas.js';
export { logout, logoutAll, me, refresh } from './auth.service.js';
export { CallerResolver } from './caller-resolution.js';
export type { Stamps } from './caller-stamps.js';
export { randomToken, SecretBox, tokenHash } from './crypto.js';
export { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './identity.demo.js';
export { SEND_MAIL } from './identity.jobs.js';
export { DisableMfaInput, MfaEnrolment, VerifyMfaInput } from './mfa.schemas.js';
export { disableMfa, setupMfa, verifyMfa } from './mfa.service.js';
export { MFA_WORKFLOW } from './mfa.workflow.js';
export { changePassword, requestPasswordReset, resetPassword } from './password.service.js';
export { Session, type SessionView } from './session.schemas.js';
export { listSessions, openClientSession, revokeSession, revokeSessions } from './sessions.js';
export { completeMfaLogin, login } from './sign-in.js';
export { changeUserStatus } from './user-status.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const identityDomain = defineDomain({
  name: 'identity',
  errors: IDENTITY_ERRORS,
  workflows: [MFA_WORKFLOW],
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
  jobs: [
    defineJob(SEND_MAIL, {
      // The kind picks the sender; a new kind fails typecheck here until it has one.
      async process(deps, payload, job, trace) {
        switch (payload.kind) {
          case 'password_reset':
            return sendPasswordResetMail(deps, jobAct(job, trace), payload);
          case 'password_reset_request':
            return mailPasswordResetRequest(deps, jobAct(job, trace), payload);
          default:
            throw new Error(`No sender for mail kind ${(payload satisfies never as { kind: string }).kind}`);
        }
      },
    }),
  ],
  provide: provideIdentity,
  seed: bootstrapAdmin,
  demo: identityDemo,
});
