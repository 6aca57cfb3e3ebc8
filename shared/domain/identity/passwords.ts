import argon2 from 'argon2';
import { ValidationError } from '../../kernel/errors.js';

/**
 * argon2id at the OWASP minimum (19 MiB, t=2, p=1): ~60 ms here, on libuv's thread pool, never the
 * event loop. See docs/decisions.md for the choice against the library default (~200 ms).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

/**
 * A hash of nothing anyone knows, made when the module loads: verified when the email is unknown,
 * so both paths cost one argon2 verification (the first unknown email does not pay for a hash).
 */
const dummyHash = argon2.hash('no-user-has-this-password-0f3a9c', OPTIONS);
export function verifyAgainstDummy(password: string): Promise<boolean> {
  return dummyHash.then((hash) => argon2.verify(hash, password)).then(() => false);
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return verifyAgainstDummy(password);
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Length is checked by the schema (12..128); the rules that need context are here. */
export function assertPasswordAllowed(password: string, email: string, field = 'newPassword'): void {
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) {
    throw new ValidationError([{ field, message: 'must not be the email address', constraint: 'notEmail' }]);
  }
}
