import type { ProvideContext, Provided } from '../../kernel/deps.js';
import { takeCallerChanges } from '../access/index.js';
import { AccessTokenSigner } from './access-token.js';
import { CallerStamps } from './caller-stamps.js';
import { SecretBox } from './crypto.js';
import { DeviceTokens } from './device-token.js';

declare module '../../kernel/deps.js' {
  interface ServiceDeps {
    accessTokens: AccessTokenSigner;
    /** Encrypts TOTP secrets at rest. */
    mfaSecrets: SecretBox;
    /** Signs and reads the device tokens of sign-in (lockout per device). */
    deviceTokens: DeviceTokens;
    /** Replaced after a commit that changes what a caller resolves to (see CallerResolver). */
    callerStamps: CallerStamps;
  }
}

/** Identity's services, from the JWT secret and Redis; after a commit, the callers it changed get new stamps. */
export function provideIdentity({ config, redis, log }: ProvideContext): Provided {
  const secret = config.JWT_SECRET as string;
  const callerStamps = new CallerStamps(redis, config.REDIS_PREFIX, log);
  return {
    deps: {
      accessTokens: new AccessTokenSigner(secret, config.ACCESS_TOKEN_TTL),
      mfaSecrets: new SecretBox(secret, 'mfa-secret'),
      deviceTokens: new DeviceTokens(secret),
      callerStamps,
    },
    // A stamp that cannot be replaced leaves other processes' cached callers valid for at most CALLER_CACHE_MAX_AGE_MS.
    async afterCommit(tx) {
      for (const change of takeCallerChanges(tx)) {
        await callerStamps
          .bump(change)
          .catch((err) => log.warn({ err }, 'caller stamps not replaced; caches expire within 30 s'));
      }
    },
  };
}
