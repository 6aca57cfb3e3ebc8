import { generateSync } from 'otplib';
import { client } from './client.js';
import { given, type On } from './given.js';

/** TOTP for tests: codes of any time step, codes the server cannot accept, and users part way or all through enrolment. */

export const STEP = 30;

/** The TOTP code of `secret` `steps` time steps from now (0: the current step). */
export const codeAt = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * STEP });

/** Six digits that are none of the codes the server could accept now or in the next minute. */
export function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2, 3].map((s) => codeAt(secret, s)));
  let n = Number(codeAt(secret));
  do n = (n + 1) % 1_000_000;
  while (near.has(String(n).padStart(6, '0')));
  return String(n).padStart(6, '0');
}

/** A user signed in through the API who has set up MFA but not verified it yet. */
export async function enrolling(on: On) {
  const user = await given.account(on);
  const session = await given.login(on, user);
  const res = await client(on.app).as(session).post('/auth/mfa/setup');
  if (res.statusCode !== 201) throw new Error(`setup failed: ${res.statusCode} ${res.body}`);
  const { secret, otpauthUri, recoveryCodes } = res.json().data as {
    secret: string;
    otpauthUri: string;
    recoveryCodes: string[];
  };
  return { ...user, session, secret, otpauthUri, recoveryCodes };
}

/** A user with MFA enabled; the current step's code has been spent on verify, so sign-ins use the next step's code. */
export async function withMfa(on: On) {
  const user = await enrolling(on);
  const res = await client(on.app)
    .as(user.session)
    .post('/auth/mfa/verify', { code: codeAt(user.secret), password: user.password });
  if (res.statusCode !== 204) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
  return user;
}

/** Step one of an MFA sign-in (email and password); returns the mfaToken. */
export async function challenge(on: On, user: { email: string; password: string }): Promise<string> {
  const res = await client(on.app).post('/auth/login', { email: user.email, password: user.password });
  if (res.statusCode !== 200 || !res.json().data.mfaRequired)
    throw new Error(`expected an MFA challenge: ${res.statusCode} ${res.body}`);
  return res.json().data.mfaToken;
}
