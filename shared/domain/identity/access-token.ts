import { createSigner } from 'fast-jwt';
import { uuidv7 } from '../../kernel/ids.js';

export interface AccessClaims {
  sub: string;
  sid: string;
  jti: string;
  /** Present on a machine client's token: its rate limit counts per client, not per address. */
  cli?: true;
}

/** Signs access tokens (HS256, `sub`, `sid`, `jti`, `iat`, `exp`); the API verifies them with the same key. */
export class AccessTokenSigner {
  private readonly sign: (payload: Record<string, unknown>) => string;
  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 }) as (
      p: Record<string, unknown>,
    ) => string;
  }
  issue(userId: string, familyId: string): string {
    return this.sign({ sub: userId, sid: familyId, jti: uuidv7() });
  }
  /** A machine client's token: its id is its user and its session family alike (revoked with the client). */
  issueForClient(clientId: string): string {
    return this.sign({ sub: clientId, sid: clientId, jti: uuidv7(), cli: true });
  }
}
