import { completeMfaLogin, login } from '../../../shared/domain/identity/index.js';
import type { Act } from '../../../shared/kernel/act.js';
import type { ServiceDeps } from '../../../shared/kernel/deps.js';
import { ValidationError } from '../../../shared/kernel/errors.js';

interface SignInInput {
  email?: string;
  password?: string;
  mfaToken?: string;
  code?: string;
  deviceToken?: string;
  userAgent?: string;
}

/**
 * POST /auth/login takes either step of a sign-in: email and password, or (the second step of an MFA
 * sign-in) mfaToken and code. A body missing a field of its step, or mixing the two, answers 400
 * naming each field.
 */
export async function signIn(deps: ServiceDeps, act: Act, input: SignInInput) {
  const { email, password, mfaToken, code, deviceToken, userAgent } = input;
  if (mfaToken !== undefined || code !== undefined) {
    const missing = [
      !mfaToken && 'mfaToken',
      !code && 'code',
      email !== undefined && '-email',
      password !== undefined && '-password',
    ].filter(Boolean) as string[];
    if (missing.length)
      throw new ValidationError(
        missing.map((f) =>
          f.startsWith('-')
            ? { field: `body.${f.slice(1)}`, message: 'must not be sent with mfaToken', constraint: 'not' }
            : { field: `body.${f}`, message: 'is required for the second sign-in step', constraint: 'required' },
        ),
      );
    return completeMfaLogin(deps, act, { mfaToken: mfaToken!, code: code!, deviceToken, userAgent });
  }
  if (!email || !password) {
    throw new ValidationError(
      [!email && 'email', !password && 'password']
        .filter(Boolean)
        .map((f) => ({ field: `body.${f}`, message: 'is required', constraint: 'required' })),
    );
  }
  return login(deps, act, { email, password, deviceToken, userAgent });
}
