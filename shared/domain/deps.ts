import type { Redis } from 'ioredis';
import type { Config } from '../config/index.js';
import type { EntityManager, Orm } from '../db/orm.js';
import { checkJob } from '../jobs/catalogue.js';
import { type Clock, systemClock } from '../kernel/clock.js';
import { UnitOfWork } from '../kernel/unit-of-work.js';
import type { Logger } from '../logger.js';
import { AccessTokenSigner } from './identity/access-token.js';
import { takeCallerChanges } from './identity/caller-changes.js';
import { CallerStamps } from './identity/caller-stamps.js';
import { SecretBox } from './identity/crypto.js';
import { DeviceTokens } from './identity/device-token.js';

/** What domain services are given: the same object in the API and in the workers. */
export interface ServiceDeps {
  config: Config;
  orm: Orm;
  uow: UnitOfWork;
  log: Logger;
  accessTokens: AccessTokenSigner;
  /** Encrypts TOTP secrets at rest. */
  mfaSecrets: SecretBox;
  /** Signs and reads the device tokens of sign-in (lockout per device). */
  deviceTokens: DeviceTokens;
  /** Replaced after a commit that changes what a caller resolves to (see CallerResolver). */
  callerStamps: CallerStamps;
  /** What time and day it is (shared/kernel/clock.ts). */
  clock: Clock;
}

export function createServiceDeps(
  config: Config,
  orm: Orm,
  log: Logger,
  redis: Redis,
  clock: Clock = systemClock,
): ServiceDeps {
  const secret = config.JWT_SECRET as string;
  const callerStamps = new CallerStamps(redis, config.REDIS_PREFIX);
  // A stamp that cannot be replaced leaves other processes' cached callers valid for at most CALLER_CACHE_MAX_AGE_MS.
  const publishCallerChanges = async (tx: EntityManager) => {
    for (const change of takeCallerChanges(tx)) {
      await callerStamps
        .bump(change)
        .catch((err) => log.warn({ err }, 'caller stamps not replaced; caches expire within 30 s'));
    }
  };
  return {
    config,
    orm,
    log,
    uow: new UnitOfWork(orm, { checkJob, afterCommit: publishCallerChanges }),
    accessTokens: new AccessTokenSigner(secret, config.ACCESS_TOKEN_TTL),
    mfaSecrets: new SecretBox(secret, 'mfa-secret'),
    deviceTokens: new DeviceTokens(secret),
    callerStamps,
    clock,
  };
}
