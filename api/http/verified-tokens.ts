/**
 * Access tokens this process has verified, each kept until it expires: a client's next request with
 * the same token costs a map lookup instead of the HMAC, base64 and JSON of a full check.
 *
 * Keyed by the whole token, compared whole: a forged token can only find an entry by being the very
 * token that was verified. (fast-jwt's own cache keys by the token's SHA-256, which cost a fiftieth of a
 * light read's CPU and hides nothing from whoever can read this process's memory, where JWT_SECRET
 * is too.) Revocation does not depend on it: the caller's session is checked at every request.
 * At most `max` tokens are kept; the oldest kept goes first.
 */
export class VerifiedTokens<C extends { exp?: number }> {
  private readonly kept = new Map<string, Readonly<C>>();

  constructor(
    private readonly max: number,
    /** The full check: the claims of a valid token, or a throw. */
    private readonly verify: (token: string) => C,
    private readonly now: () => number = Date.now,
  ) {}

  claims(token: string): Readonly<C> {
    const known = this.kept.get(token);
    if (known && known.exp !== undefined && known.exp * 1000 > this.now()) return known;
    if (known) this.kept.delete(token);
    // Throws for a token that is not valid (expired included): nothing is kept for it.
    const claims = Object.freeze(this.verify(token));
    if (claims.exp === undefined) return claims;
    if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(token, claims);
    return claims;
  }
}
