import { defineErrors } from '../../kernel/errors.js';

/** Identity's own error codes (docs/errors.md lists every domain's). */
export const IDENTITY_ERRORS = defineErrors({
  INVALID_CREDENTIALS: {
    kind: 'unauthenticated',
    means: 'The email or password is incorrect (the same answer for an unknown email).',
  },
  INVALID_MFA_CODE: { kind: 'unauthenticated', means: 'The TOTP or recovery code is not valid.' },
  INVALID_REFRESH_TOKEN: {
    kind: 'unauthenticated',
    means: 'The refresh token is invalid, expired or revoked; sign in again.',
  },
  TOKEN_EXPIRED: { kind: 'unauthenticated', means: 'The access token has expired; refresh it.' },
  SESSION_REVOKED: {
    kind: 'unauthenticated',
    means: 'The session was ended (sign-out, suspension, a password change); sign in again.',
  },
  ACCOUNT_NOT_ACTIVE: { kind: 'forbidden', means: 'The account is not active (pending, suspended, archived).' },
});
