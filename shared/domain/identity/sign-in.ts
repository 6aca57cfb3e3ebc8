import { LockMode, raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from '../../db/database.js';
import type { Act } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { UnauthenticatedError } from '../../kernel/errors.js';
import type { AuditInput } from '../../kernel/unit-of-work.js';
import { emailOf, loadUserView, USER_WORKFLOW } from '../users/index.js';
import type { MfaChallengeView, SignedInView } from './auth.schemas.js';
import { lockAccount, lockRanOut, notActive } from './auth.service.js';
import { MfaChallenge as MfaChallengeEntity } from './credential.entities.js';
import { randomToken, tokenHash } from './crypto.js';
import {
  clearFailures,
  countFailure,
  failureCounter,
  normaliseEmail,
  recordFailedSignIn,
  refuseIfLocked,
} from './lockout.js';
import { checkSecondFactor, lockForSecondFactor } from './mfa.service.js';
import { verifyPassword } from './passwords.js';
import { openSession, type SessionMeta } from './sessions.js';

const MFA_CHALLENGE_SECONDS = 300;
const MFA_CHALLENGE_ATTEMPTS = 5;

const invalidCredentials = () => new UnauthenticatedError('INVALID_CREDENTIALS', 'The email or password is incorrect');

/*
 * Sign-in bookkeeping (last sign-in, see also mfa_last_step) is written with Kysely, not through the
 * User entity: an entity update would bump updated_at and version, and a sign-in is not a change to
 * the account. Failures are counted apart from the user (lockout.ts): they change no account either.
 */

/**
 * Step one of sign-in. The attempt counts under the device token's counter when it presents a valid
 * one of the email's user, else under the email's; a locked counter answers 429 before any password
 * is checked, alike for emails nobody has. Wrong email and wrong password answer alike, after the
 * same argon2 work, and count; a completed sign-in starts that count again.
 */
export async function login(
  deps: ServiceDeps,
  act: Act,
  input: { email: string; password: string; deviceToken?: string; userAgent?: string },
): Promise<SignedInView | MfaChallengeView> {
  const meta: SessionMeta = { userAgent: input.userAgent, ip: act.ip };
  const email = normaliseEmail(input.email);
  const user = await db(deps.orm.em)
    .selectFrom('users')
    .select(['id', 'status', 'password_hash', 'mfa_enabled', lockRanOut.as('lock_expired')])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  const counter = failureCounter(deps, email, user?.id ?? null, input.deviceToken);
  await refuseIfLocked(deps.orm.em, counter);
  const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !passwordOk)
    return recordFailedSignIn(
      deps,
      user ? { ...act, actor: user.id } : act,
      counter,
      user?.id ?? null,
      invalidCredentials(),
    );
  if (user.status !== 'active' && !(user.status === 'locked' && user.lock_expired)) throw notActive();

  return deps.uow.run<SignedInView | MfaChallengeView>({ ...act, actor: user.id }, async (tx) => {
    // Checked again under the row lock: a suspension (or an administrator's lock) since the read above wins.
    const current = await lockAccount(tx, user.id);
    // A lock set by a concurrent failure since the check above wins. The count starts again only once
    // the sign-in is complete: with MFA, after the code (else each new challenge would give new tries).
    await clearFailures(tx, counter, { keepCount: user.mfa_enabled });
    const lockLifted = current.status === 'locked' && current.lock_expired;
    if (current.status !== 'active' && !lockLifted) throw notActive();
    await db(tx)
      .updateTable('users')
      .set({
        failed_login_count: 0,
        status: 'active',
        locked_until: null,
        ...(user.mfa_enabled ? {} : { last_login_at: sql<Date>`now()` }),
      })
      .where('id', '=', user.id)
      .execute();
    const audit: AuditInput[] = lockLifted
      ? [
          {
            action: USER_WORKFLOW.steps.unlock.audit,
            subjectType: 'user',
            subjectId: user.id,
            summary: { reason: 'lockout expired' },
          },
        ]
      : [];
    if (user.mfa_enabled) {
      const mfaToken = randomToken();
      tx.create(MfaChallengeEntity, {
        tokenHash: tokenHash(mfaToken),
        user: user.id,
        expiresAt: new Date(Date.now() + MFA_CHALLENGE_SECONDS * 1000),
      });
      return {
        result: { mfaRequired: true as const, mfaToken, expiresIn: MFA_CHALLENGE_SECONDS },
        audit: [...audit, { action: 'auth.mfa_challenge', subjectType: 'user', subjectId: user.id }],
      };
    }
    const signedIn = await issueSession(deps, tx, user.id, meta);
    return {
      result: signedIn,
      audit: [
        ...audit,
        { action: 'auth.login', subjectType: 'user', subjectId: user.id, summary: { familyId: signedIn.familyId } },
      ],
    };
  });
}

/**
 * Step two of sign-in with MFA: the single-use mfaToken and a current TOTP code or an unused recovery
 * code. A wrong code counts like a wrong password, under the device token's counter or the email's.
 */
export async function completeMfaLogin(
  deps: ServiceDeps,
  act: Act,
  input: { mfaToken: string; code: string; deviceToken?: string; userAgent?: string },
): Promise<SignedInView> {
  const meta: SessionMeta = { userAgent: input.userAgent, ip: act.ip };
  return deps.uow.run<SignedInView>(act, async (tx) => {
    const challenge = await tx.findOne(
      MfaChallengeEntity,
      { tokenHash: tokenHash(input.mfaToken), usedAt: null, expiresAt: { $gt: raw('now()') } },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!challenge || challenge.failedAttempts >= MFA_CHALLENGE_ATTEMPTS) {
      throw new UnauthenticatedError('INVALID_CREDENTIALS', 'The MFA token is invalid, used or expired; sign in again');
    }
    const user = await lockForSecondFactor(tx, challenge.user.id);
    const counter = failureCounter(deps, normaliseEmail(emailOf(user)), user.id, input.deviceToken);
    // A locked counter: 429 before the code is checked, as at step one.
    await refuseIfLocked(tx, counter);
    const factor = await checkSecondFactor(deps, tx, user, input.code);
    if (!factor) {
      // The failed attempt is committed (five kill the challenge, each counts towards the lockout, so
      // new challenges do not give new tries); the request still answers 401.
      challenge.failedAttempts++;
      return {
        result: undefined as never,
        audit: [
          { action: 'auth.mfa_failed', subjectType: 'user', subjectId: user.id },
          ...(await countFailure(deps, tx, counter, user.id)),
        ],
        failure: new UnauthenticatedError('INVALID_MFA_CODE', 'The code is not valid'),
      };
    }
    await clearFailures(tx, counter);
    if (user.status !== 'active') throw notActive();
    challenge.usedAt = raw<Date>('now()');
    await db(tx).updateTable('users').set({ last_login_at: sql<Date>`now()` }).where('id', '=', user.id).execute();
    const signedIn = await issueSession(deps, tx, user.id, meta);
    return {
      result: signedIn,
      audit: {
        action: 'auth.login',
        subjectType: 'user',
        subjectId: user.id,
        summary: { familyId: signedIn.familyId, secondFactor: factor },
      },
    };
  });
}

/** A new session of `userId`, and a new device token for the device that signed in. */
async function issueSession(
  deps: ServiceDeps,
  tx: EntityManager,
  userId: string,
  meta: SessionMeta,
): Promise<SignedInView> {
  const { familyId, refreshToken } = openSession(tx, userId, deps.config.REFRESH_TOKEN_TTL, meta);
  const user = (await loadUserView(tx, userId))!;
  return {
    accessToken: deps.accessTokens.issue(userId, familyId),
    refreshToken,
    tokenType: 'Bearer',
    expiresIn: deps.config.ACCESS_TOKEN_TTL,
    familyId,
    user,
    deviceToken: deps.deviceTokens.issue(userId),
  };
}
