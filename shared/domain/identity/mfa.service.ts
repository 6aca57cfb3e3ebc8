import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { WriteContext } from '../../db/unit-of-work.js';
import { InvalidTransitionError, UnauthenticatedError } from '../../errors/index.js';
import type { Caller } from '../access/caller.js';
import type { ServiceDeps } from '../deps.js';
import { tokenHash } from './crypto.js';
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

interface MfaRow { email: string; mfa_enabled: boolean; mfa_secret: string | null; mfa_last_step: string | null; password_hash: string | null }

async function mfaRow(em: EntityManager, userId: string): Promise<MfaRow> {
  const [row] = await em.execute<MfaRow[]>(`select email, mfa_enabled, mfa_secret, mfa_last_step, password_hash from users where id = ? for update`, [userId]);
  return row;
}

/**
 * A TOTP code (RFC 6238, 30 s, 6 digits, one step either side) not older than the last accepted
 * step, so each code works once; or an unused recovery code, spent on use. Returns which one matched.
 */
export async function checkSecondFactor(deps: ServiceDeps, tx: EntityManager, userId: string, code: string, allowRecovery = true): Promise<'totp' | 'recovery' | null> {
  const row = await mfaRow(tx, userId);
  if (!row?.mfa_secret) return null;
  const candidate = code.trim();
  if (/^\d{6}$/.test(candidate)) {
    const secret = deps.mfaSecrets.open(row.mfa_secret);
    const afterTimeStep = row.mfa_last_step === null ? undefined : Number(row.mfa_last_step);
    const epoch = Math.floor(Date.now() / 1000);
    // A step beyond this server's window was accepted (by a server whose clock runs ahead): no code
    // in the window is newer. otplib throws for such an afterTimeStep, which would answer 500.
    if (afterTimeStep !== undefined && afterTimeStep > Math.floor((epoch + STEP_SECONDS) / STEP_SECONDS)) return null;
    const result = verifySync({ secret, token: candidate, epoch, epochTolerance: STEP_SECONDS, afterTimeStep });
    if (!result.valid) return null;
    await tx.execute(`update users set mfa_last_step = ? where id = ?`, [(result as { timeStep: number }).timeStep, userId]);
    return 'totp';
  }
  if (!allowRecovery) return null;
  const spent = await tx.execute(
    `update mfa_recovery_codes set used_at = now() where user_id = ? and code_hash = ? and used_at is null returning user_id`,
    [userId, tokenHash(normaliseRecovery(candidate))],
  );
  return spent.length ? 'recovery' : null;
}

const invalidCode = () => new UnauthenticatedError('INVALID_MFA_CODE', 'The code is not valid');

export interface MfaEnrolment { secret: string; otpauthUri: string; recoveryCodes: string[] }

/** Starts enrolment: a new secret and ten recovery codes, shown once. MFA is on only after verify. */
export async function setupMfa(deps: ServiceDeps, ctx: WriteContext, caller: Caller): Promise<MfaEnrolment> {
  return deps.uow.run(ctx, async (tx) => {
    const row = await mfaRow(tx, caller.userId);
    if (row.mfa_enabled) throw new InvalidTransitionError('enabled', 'setup', ['disabled'], 'MFA enrolment');
    const secret = generateSecret();
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
    await tx.execute(`update users set mfa_secret = ?, mfa_last_step = null where id = ?`, [deps.mfaSecrets.seal(secret), caller.userId]);
    await tx.execute(`delete from mfa_recovery_codes where user_id = ?`, [caller.userId]);
    await tx.execute(
      `insert into mfa_recovery_codes (user_id, code_hash) select ?, jsonb_array_elements_text(?::jsonb)`,
      [caller.userId, JSON.stringify(recoveryCodes.map((c) => tokenHash(c)))],
    );
    return {
      result: { secret, otpauthUri: generateURI({ issuer: ISSUER, label: row.email, secret }), recoveryCodes },
      audit: { action: 'user.mfa_setup', subjectType: 'user', subjectId: caller.userId },
    };
  });
}

/** Turns MFA on once the user proves their authenticator produces codes for the new secret. */
export async function verifyMfa(deps: ServiceDeps, ctx: WriteContext, caller: Caller, code: string): Promise<void> {
  // Failures are thrown inside the unit of work: nothing is committed and no idempotent response is stored.
  await deps.uow.run(ctx, async (tx) => {
    const row = await mfaRow(tx, caller.userId);
    if (row.mfa_enabled) throw new InvalidTransitionError('enabled', 'verify', ['pending'], 'MFA enrolment');
    if (!row.mfa_secret) throw new InvalidTransitionError('disabled', 'verify', ['pending'], 'MFA enrolment');
    if (!(await checkSecondFactor(deps, tx, caller.userId, code, false))) throw invalidCode();
    await tx.execute(`update users set mfa_enabled = true, updated_at = now() where id = ?`, [caller.userId]);
    return { result: undefined, audit: { action: 'user.mfa_enable', subjectType: 'user', subjectId: caller.userId } };
  });
}

/** Turns MFA off; needs the password and a current code (or a recovery code). */
export async function disableMfa(deps: ServiceDeps, ctx: WriteContext, caller: Caller, input: { password: string; code: string }): Promise<void> {
  await deps.uow.run(ctx, async (tx) => {
    const row = await mfaRow(tx, caller.userId);
    if (!row.mfa_enabled) throw new InvalidTransitionError('disabled', 'disable', ['enabled'], 'MFA enrolment');
    if (!(await verifyPassword(row.password_hash, input.password))) throw new UnauthenticatedError('INVALID_CREDENTIALS', 'The password is incorrect');
    if (!(await checkSecondFactor(deps, tx, caller.userId, input.code))) throw invalidCode();
    await tx.execute(`update users set mfa_enabled = false, mfa_secret = null, mfa_last_step = null, updated_at = now() where id = ?`, [caller.userId]);
    await tx.execute(`delete from mfa_recovery_codes where user_id = ?`, [caller.userId]);
    return { result: undefined, audit: { action: 'user.mfa_disable', subjectType: 'user', subjectId: caller.userId } };
  });
}
