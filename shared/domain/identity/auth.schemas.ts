import { type Static, Type } from 'typebox';
import { component, Int32, tag } from '../../kernel/schema.js';
import { Email, Password, User, UserFields } from '../users/index.js';
import { DeviceToken, MfaCode } from './mfa.schemas.js';

export const AUTH_TAG = tag(
  'auth',
  'Signing in and out, tokens, sessions (one per device), passwords and MFA of the caller.',
);

const OpaqueToken = Type.String({ minLength: 16, maxLength: 512, pattern: '^[A-Za-z0-9_-]+$' });

const TokenPairFields = {
  accessToken: Type.String({ maxLength: 2048, description: 'Send as `Authorization: Bearer <accessToken>`' }),
  refreshToken: Type.String({ maxLength: 512, description: 'Single use: POST /auth/refresh returns the next one' }),
  tokenType: Type.Literal('Bearer'),
  expiresIn: Int32({ description: 'Access token lifetime, seconds' }),
  familyId: Type.String({ format: 'uuid', maxLength: 36, description: 'The session (device) these tokens belong to' }),
  user: User,
};
export const TokenPair = component(
  'TokenPair',
  Type.Object(TokenPairFields, { description: 'The tokens of a session and the signed-in user' }),
);
export type TokenPairView = Static<typeof TokenPair>;

export const SignedIn = component(
  'SignedIn',
  Type.Object(
    {
      ...TokenPairFields,
      deviceToken: Type.String({
        maxLength: 512,
        description:
          'Opaque, valid 180 days: send it as deviceToken with later sign-ins from this device, so failures of others on your email never lock you out',
      }),
    },
    { description: 'A completed sign-in: the tokens of the new session, the signed-in user and a device token' },
  ),
);
/** A completed sign-in: the session's tokens and a device token to send with later sign-ins. */
export type SignedInView = Static<typeof SignedIn>;

export const MfaChallenge = component(
  'MfaChallenge',
  Type.Object(
    {
      mfaRequired: Type.Literal(true),
      mfaToken: Type.String({
        maxLength: 2048,
        description: 'Send with a code to POST /auth/login; single use, 5 minutes',
      }),
      expiresIn: Int32({ description: 'mfaToken lifetime, seconds' }),
    },
    { description: 'The password was right and MFA is on: sign in again with mfaToken and a code' },
  ),
);
export type MfaChallengeView = Static<typeof MfaChallenge>;

export const CurrentUser = component(
  'CurrentUser',
  Type.Object(
    {
      ...UserFields.properties,
      permissions: Type.Array(Type.String({ maxLength: 64 }), {
        maxItems: 200,
        description: 'Resolved from the roles now, sorted',
      }),
    },
    { description: 'The signed-in user with their effective permissions' },
  ),
);
export type CurrentUserView = Static<typeof CurrentUser>;

export const LoginInput = Type.Object(
  {
    email: Type.Optional(Email),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    mfaToken: Type.Optional(OpaqueToken),
    code: Type.Optional(MfaCode),
    deviceToken: Type.Optional(DeviceToken),
  },
  {
    additionalProperties: false,
    description: '{ email, password } or { mfaToken, code }, either with the deviceToken of an earlier sign-in',
  },
);

/**
 * How the document shows the login body: exactly one of the two steps. The route validates LoginInput
 * and then the step's own rules (sign-in.ts), which together accept exactly these two shapes, and keep
 * each refusal's details on the field at fault instead of a `oneOf` failure.
 */
export const LoginSteps = Type.Unsafe<Static<typeof LoginInput>>({
  oneOf: [
    component(
      'PasswordSignIn',
      Type.Object(
        {
          email: Email,
          password: Type.String({ minLength: 1, maxLength: 128 }),
          deviceToken: Type.Optional(DeviceToken),
        },
        { additionalProperties: false, description: 'The first step: email and password' },
      ),
    ),
    component(
      'MfaCodeSignIn',
      Type.Object(
        { mfaToken: OpaqueToken, code: MfaCode, deviceToken: Type.Optional(DeviceToken) },
        {
          additionalProperties: false,
          description: "An MFA sign-in's second step: the challenge's mfaToken and a code",
        },
      ),
    ),
  ],
  description: '{ email, password } or { mfaToken, code }, either with the deviceToken of an earlier sign-in',
});

/** The body of POST /auth/refresh and POST /auth/logout. */
export const RefreshTokenInput = Type.Object({ refreshToken: OpaqueToken }, { additionalProperties: false });

export const ForgotPasswordInput = Type.Object({ email: Email }, { additionalProperties: false });

export const ResetPasswordInput = Type.Object(
  { token: OpaqueToken, newPassword: Password },
  { additionalProperties: false },
);

export const ChangePasswordInput = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 128 }),
    newPassword: Password,
    deviceToken: Type.Optional(DeviceToken),
  },
  { additionalProperties: false },
);
