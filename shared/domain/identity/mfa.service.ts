import { randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { db } from '../../db/database.js';
import type { UserAct } from '../../kernel/act.js';
import { type At, defineActions, runStep } from '../../kernel/action.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { UnauthenticatedError } from '../../kernel/errors.js';
import type { AuditInput } from '../../kernel/unit-of-work.js';
import { emailOf, type IUser, UserEntity as User } from '../users/index.js';
import { MfaRecoveryCode } from './credential.entities.js';
import { tokenHash } from './crypto.js';
import { clearFailures, countFailure, failureCounter, normaliseEmail, refuseIfLocked } from './lockout.js';
import type { MfaEnrolmentView } from './mfa.schemas.js';
import { MFA_WORKFLOW, mfaStateOf } from './mfa.workflow.js';
import { verifyPassword } from './passwords.js';

export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Insurance Back Office';
const STEP_SECONDS = 30;

/** xxxxx-xxxxx from an alphabet without look-alikes: 50 bits each. */
function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normaliseRecovery = (code: string) => code.trim().toLowerCase();

/** The user row, locked for the change, with the sealed TOTP secret (and the password hash when asked). */
export async function lockForSecondFactor(tx: EntityManager, userId: string, withPassword = false) {
  const populate = withPassword ? (['mfaSecret', 'passwordHash'] as const) : (['mfaSecret'] as const);
  return tx.findOneOrFail(User, userId, { lockMode: LockMode.PESSIMISTIC_WRITE, populate });
}

/**
 * A TOTP code (RFC 6238, 30 s, 6 digits, one step either side) not older than the last accepted
 * step, so each code works once; or an unused recovery code, spent on use. Returns which one matched.
 * `user` comes locked from lockForSecondFactor: concurrent checks of one user take turns.
 */
export async function checkSecondFactor(
  deps: ServiceDeps,
  tx: EntityManager,
  user: IUser,
  code: string,
  allowRecovery = true,
): Promise<'totp' | 'recovery' | null> {
  if (!user.mfaSecret) return null;
  const candidate = code.trim();
  if (/^\d{6}$/.test(candidate)) {
    const secret = deps.mfaSecrets.open(user.mfaSecret);
    const afterTimeStep = user.mfaLastStep ?? undefined;
    const epoch = Math.floor(Date.now() / 1000);
    // A step beyond this server's window was accepted (by a server whose clock runs ahead): no code
    // in the window is newer. otplib throws for such an afterTimeStep, which would answer 500.
    if (afterTimeStep !== undefined && afterTimeStep > Math.floor((epoch + STEP_SECONDS) / STEP_SECONDS)) return null;
    const result = verifySync({ secret, token: candidate, epoch, epochTolerance: STEP_SECONDS, afterTimeStep });
    if (!result.valid) return null;
    // Replay bookkeeping, not a change to the account: no updated_at or version bump (an entity update would make both).
    await db(tx)
      .updateTable('users')
      .set({ mfa_last_step: (result as { timeStep: number }).timeStep })
      .where('id', '=', user.id)
      .execute();
    return 'totp';
  }
  if (!allowRecovery) return null;
  // Spent by compare-and-set: a code counts once.
  const spent = await db(tx)
    .updateTable('mfa_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', user.id)
    .where('code_hash', '=', tokenHash(normaliseRecovery(candidate)))
    .where('used_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return spent ? 'recovery' : null;
}

/**
 * The MFA table's actions: on the caller's own user, locked with its sealed secret and password hash;
 * the state is read from what is stored (`mfaStateOf`).
 */
const MFA_ACTIONS = defineActions({
  entity: User,
  subject: 'user',
  workflow: MFA_WORKFLOW,
  within: (_: At<ServiceDeps, UserAct>) => ({}),
  stateOf: (user) => mfaStateOf(user),
  populate: ['mfaSecret', 'passwordHash'],
  answer: async () => undefined,
});

const invalidCode = () => new UnauthenticatedError('INVALID_MFA_CODE', 'The code is not valid');

/** Starts enrolment: a new secret and ten recovery codes, shown once. MFA is on only after verify. */
export async function setupMfa(deps: ServiceDeps, act: UserAct): Promise<MfaEnrolmentView> {
  const { caller } = act;
  return runStep({ deps, act }, MFA_ACTIONS, { id: caller.userId, action: 'setup' }, async (user, tx) => {
    const secret = generateSecret();
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
    // A pending enrolment is not yet a change to the account (MFA stays off): no updated_at or version bump.
    await db(tx)
      .updateTable('users')
      .set({ mfa_secret: deps.mfaSecrets.seal(secret), mfa_last_step: null })
      .where('id', '=', user.id)
      .execute();
    await db(tx).deleteFrom('mfa_recovery_codes').where('user_id', '=', user.id).execute();
    for (const code of recoveryCodes) tx.create(MfaRecoveryCode, { user, codeHash: tokenHash(code) });
    return {
      result: { secret, otpauthUri: generateURI({ issuer: ISSUER, label: emailOf(user), secret }), recoveryCodes },
      audit: { action: MFA_WORKFLOW.steps.setup.audit, subjectType: 'user', subjectId: caller.userId },
    };
  });
}

const wrongPassword = () => new UnauthenticatedError('INVALID_CREDENTIALS', 'The password is incorrect');

/**
 * The guess an MFA change checks (the password; to disable, the second factor too), counted as a
 * sign-in's: a locked counter answers 429 before anything is checked, and a wrong guess counts towards
 * the lockout (under the device token's counter when one of the user's is sent, else the email's), so
 * a stolen access token cannot try passwords here that sign-in would lock out. Returns the committed
 * refusal of a wrong guess for the unit of work, or null once the guess was right (its count starts again).
 */
async function countedGuess(
  deps: ServiceDeps,
  tx: EntityManager,
  user: IUser,
  deviceToken: string | undefined,
  check: () => Promise<Error | null>,
): Promise<{ result: never; audit: AuditInput[]; failure: Error } | null> {
  const counter = failureCounter(deps, normaliseEmail(emailOf(user)), user.id, deviceToken);
  await refuseIfLocked(tx, counter);
  const failure = await check();
  if (failure) return { result: undefined as never, audit: await countFailure(deps, tx, counter, user.id), failure };
  await clearFailures(tx, counter);
  return null;
}

/** Turns MFA on once the user proves their authenticator produces codes for the new secret. */
export async function verifyMfa(
  deps: ServiceDeps,
  act: UserAct,
  { code, password, deviceToken }: { code: string; password: string; deviceToken?: string },
): Promise<void> {
  const { caller } = act;
  // A wrong code is thrown inside the unit of work: nothing is committed and no idempotent response is stored.
  await runStep({ deps, act }, MFA_ACTIONS, { id: caller.userId, action: 'verify' }, async (user, tx) => {
    // The password too: an access token alone must not enrol an authenticator of someone else's choosing.
    const refused = await countedGuess(deps, tx, user, deviceToken, async () =>
      (await verifyPassword(user.passwordHash ?? null, password)) ? null : wrongPassword(),
    );
    if (refused) return refused;
    // A wrong code for the new secret guesses nothing of the user's: refused without counting.
    if (!(await checkSecondFactor(deps, tx, user, code, false))) throw invalidCode();
    user.mfaEnabled = true;
    return {
      result: undefined,
      audit: { action: MFA_WORKFLOW.steps.verify.audit, subjectType: 'user', subjectId: caller.userId },
    };
  });
}

/** Turns MFA off; needs the password and a current code (or a recovery code), each counted like a sign-in's. */
export async function disableMfa(
  deps: ServiceDeps,
  act: UserAct,
  input: { password: string; code: string; deviceToken?: string },
): Promise<void> {
  const { caller } = act;
  await runStep({ deps, act }, MFA_ACTIONS, { id: caller.userId, action: 'disable' }, async (user, tx) => {
    const refused = await countedGuess(deps, tx, user, input.deviceToken, async () => {
      if (!(await verifyPassword(user.passwordHash ?? null, input.password))) return wrongPassword();
      return (await checkSecondFactor(deps, tx, user, input.code)) ? null : invalidCode();
    });
    if (refused) return refused;
    Object.assign(user, { mfaEnabled: false, mfaSecret: null, mfaLastStep: null });
    await db(tx).deleteFrom('mfa_recovery_codes').where('user_id', '=', user.id).execute();
    return {
      result: undefined,
      audit: { action: MFA_WORKFLOW.steps.disable.audit, subjectType: 'user', subjectId: caller.userId },
    };
  });
}
