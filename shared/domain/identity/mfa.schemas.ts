import { type Static, Type } from 'typebox';
import { component } from '../../kernel/schema.js';

/** Any text: one that is not a valid device token of the user counts as none (never a 400). */
export const DeviceToken = Type.String({
  maxLength: 512,
  description: 'The deviceToken of an earlier sign-in on this device',
});

/** A TOTP code or a recovery code (MFA sign-in and disabling MFA). */
export const MfaCode = Type.String({
  minLength: 6,
  maxLength: 16,
  description: 'A 6-digit TOTP code or a recovery code',
});

export const MfaEnrolment = component(
  'MfaEnrolment',
  Type.Object(
    {
      secret: Type.String({ maxLength: 128, description: 'Base32 TOTP secret' }),
      otpauthUri: Type.String({ maxLength: 512, description: 'For a QR code' }),
      recoveryCodes: Type.Array(Type.String({ maxLength: 32 }), {
        maxItems: 10,
        description: 'Ten single-use codes, in place of a TOTP code',
      }),
    },
    { description: 'A new MFA secret with its recovery codes, shown once' },
  ),
);
export type MfaEnrolmentView = Static<typeof MfaEnrolment>;

export const VerifyMfaInput = Type.Object(
  {
    code: Type.String({ pattern: '^[0-9]{6}$', maxLength: 6 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
    deviceToken: Type.Optional(DeviceToken),
  },
  { additionalProperties: false },
);

export const DisableMfaInput = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 128 }), code: MfaCode, deviceToken: Type.Optional(DeviceToken) },
  { additionalProperties: false },
);
