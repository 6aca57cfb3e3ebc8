import type { Config } from '../config/index.js';
import type { Orm } from '../db/orm.js';
import { UnitOfWork } from '../db/unit-of-work.js';
import type { Logger } from '../logger.js';
import { AccessTokenSigner } from './identity/access-token.js';
import { SecretBox } from './identity/crypto.js';

/** What domain services are given: the same object in the API and in the workers. */
export interface ServiceDeps {
  config: Config;
  orm: Orm;
  uow: UnitOfWork;
  log: Logger;
  accessTokens: AccessTokenSigner;
  /** Encrypts TOTP secrets at rest. */
  mfaSecrets: SecretBox;
}

export function createServiceDeps(config: Config, orm: Orm, log: Logger): ServiceDeps {
  const secret = config.JWT_SECRET as string;
  return {
    config, orm, log, uow: new UnitOfWork(orm),
    accessTokens: new AccessTokenSigner(secret, config.ACCESS_TOKEN_TTL),
    mfaSecrets: new SecretBox(secret, 'mfa-secret'),
  };
}
