import jwt from '@fastify/jwt';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isPermission } from '../../shared/catalogues.js';
import { type AccessClaims, CallerResolver, type Stamps } from '../../shared/domain/identity/index.js';
import type { Caller } from '../../shared/kernel/caller.js';
import { ForbiddenError, UnauthenticatedError } from '../../shared/kernel/errors.js';
import { UUID_TEXT } from '../../shared/kernel/ids.js';
import type { PermissionName as Permission } from '../../shared/kernel/permissions.js';
import { asHttpError } from '../http/errors.js';
import { routeOf } from '../http/route-of.js';
import { VerifiedTokens } from '../http/verified-tokens.js';
import { BOARD_COOKIE, BOARD_PATH, BOARD_SIGN_IN, isBoardPageLoad, redirectToBoardSignIn } from './bull-board.js';
import { sendError } from './errors.js';
import { hasBody } from './wire.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Caller;
    /** The access token's claims and the caller's stamps being read, or why the token was refused (onRequest to preValidation). */
    pendingCaller?: { claims: AccessClaims; stamps?: Promise<Stamps | null> } | { error: Error };
    actorId?: string;
  }
  interface FastifyContextConfig {
    /** No token needed (the public routes are listed in docs/decisions.md). */
    public?: boolean;
    /**
     * All of these are required; declared once here, shown in OpenAPI as x-permissions.
     * An empty list means any signed-in user. Every non-public route declares one.
     */
    permissions?: Permission[];
    /** At least one of these is required besides `permissions` (looking at Bull Board: queue:read or queue:admin). */
    anyPermission?: Permission[];
    /** Only people: a machine client (no password, MFA or sessions of its own) is refused 403. */
    peopleOnly?: boolean;
  }
}
declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

/** The largest body a route reachable without a token accepts. */
export const PUBLIC_BODY_LIMIT = 16_384;

/** Access tokens whose full check is remembered per process (VerifiedTokens), each until it expires. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** A token signed with the service's key whose `sub` or `sid` is not a uuid: refused like a forged one. */
class MalformedClaims extends Error {}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = BEARER.exec(header);
  if (!match)
    throw new UnauthenticatedError('UNAUTHENTICATED', 'The Authorization header must be "Bearer <access token>"');
  return match[1];
}

/** Browsers cannot send a bearer header on page loads: Bull Board also takes the access token from a cookie. */
function boardCookieToken(request: FastifyRequest): string | undefined {
  if (!request.url.startsWith(BOARD_PATH)) return undefined;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== BOARD_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      throw new UnauthenticatedError('UNAUTHENTICATED', `The board cookie is malformed; sign in at ${BOARD_SIGN_IN}`);
    }
  }
  return undefined;
}

/**
 * Access tokens are verified here (the identity domain's AccessTokenSigner is the only signer), and
 * then resolved to a caller: the session family must still be live (revocation is immediate in
 * every process) and permissions come from the user's roles now, never from the token.
 */
export default fp(async (app) => {
  await app.register(jwt, {
    secret: app.config.JWT_SECRET as string,
    verify: {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'sid', 'jti'],
    },
  });

  // The full check, the ids' form included: a remembered token was checked whole once.
  const verified = new VerifiedTokens<AccessClaims & { exp?: number }>(VERIFIED_TOKENS_KEPT, (token) => {
    const claims = app.jwt.verify<AccessClaims>(token);
    if (!UUID_TEXT.test(String(claims.sub)) || !UUID_TEXT.test(String(claims.sid))) throw new MalformedClaims();
    return claims;
  });
  const callers = new CallerResolver(app.orm, app.deps.callerStamps);
  // This process resolves callers: it keeps a copy of their stamps, under a lease (StampWatch).
  app.deps.callerStamps.hold();
  app.addHook('onClose', () => app.deps.callerStamps.close());

  app.addHook('onRoute', (route) => {
    // Routes anyone can reach take small bodies only (the webhook sets a limit of its own).
    if ((route.config as { public?: boolean } | undefined)?.public && route.bodyLimit === undefined)
      route.bodyLimit = PUBLIC_BODY_LIMIT;
    const config = (route.config ?? {}) as { public?: boolean; permissions?: string[]; anyPermission?: string[] };
    const unknown = [...(config.permissions ?? []), ...(config.anyPermission ?? [])].filter((p) => !isPermission(p));
    if (unknown.length)
      throw new Error(`Route ${route.method} ${route.url} declares unknown permissions: ${unknown.join(', ')}`);
    if (!route.schema || (route.schema as { hide?: boolean }).hide) return;
    // A new schema object for this route, never an edit of the one it was given: that object is shared
    // (a GET's automatic HEAD route gets the very same one, and so does every app built in a process),
    // so an edit in place would append the note once per route made from it.
    const schema = route.schema as Record<string, unknown>;
    if (config.public) {
      route.schema = { ...schema, security: [] };
    } else if (config.permissions) {
      const requires = config.permissions.length
        ? `Requires: ${config.permissions.join(', ')}.`
        : 'Any signed-in user.';
      const description = schema.description ? `${String(schema.description)}\n\n${requires}` : requires;
      route.schema = { ...schema, 'x-permissions': [...config.permissions], description } as typeof route.schema;
    }
  });

  // The token is checked and the caller's stamps requested before the rate limit's hook (from this
  // process's leased copy, else from Redis), and the caller resolved after it: a request over its
  // limit is refused before any database query.
  app.addHook('onRequest', (request, _reply, done) => {
    const route = routeOf(request);
    const config = route.config;
    if (route.url && !config?.public) {
      try {
        const claims = verifiedClaims(request);
        // A request with a body reads them once the body has arrived (preValidation): one whose body
        // trickles in across a revocation must not be let through on stamps read before it.
        request.pendingCaller = {
          claims,
          stamps: hasBody(request.headers) ? undefined : callers.readStamps(claims.sub),
        };
      } catch (err) {
        request.pendingCaller = { error: err as Error };
      }
    }
    done();
  });

  // A body sent without a valid token is refused unread, once the rate limit has counted the request: a
  // stranger's megabyte to a route that needs a token costs no parsing (public routes take 16 KiB).
  app.addHook('preParsing', (request, reply, payload, done) => {
    const pending = request.pendingCaller;
    const refused = pending && 'error' in pending ? asHttpError(pending.error) : undefined;
    if (!refused || !hasBody(request.headers)) return done(null, payload);
    app.refuseUnread(request, reply);
    sendError(request, reply, refused);
  });

  app.addHook('preValidation', async (request, reply) => {
    const pending = request.pendingCaller;
    if (!pending) return;
    const config = routeOf(request).config;
    try {
      if ('error' in pending) throw pending.error;
      request.principal = await callers.resolve(pending.claims.sub, pending.claims.sid, pending.stamps);
      request.actorId = request.principal.userId;
      if (config?.peopleOnly && request.principal.kind === 'client')
        throw new ForbiddenError('A machine client has no password, second factor or sessions of its own');
      const held = request.principal.permissions;
      const missing = (config?.permissions ?? []).filter((p) => !held.has(p));
      const anyOf = config?.anyPermission;
      if (anyOf && !anyOf.some((p) => held.has(p))) missing.push(anyOf[0]);
      if (missing.length)
        throw new ForbiddenError('You do not have the permissions this operation needs', {
          missingPermissions: missing,
        });
    } catch (err) {
      // A browser opening the board without a valid session is sent to sign in, not shown JSON.
      if (err instanceof UnauthenticatedError && isBoardPageLoad(request)) return redirectToBoardSignIn(request, reply);
      // Answered here rather than thrown: plugins such as Bull Board install error handlers of their own.
      const known = asHttpError(err);
      if (known) return sendError(request, reply, known);
      throw err;
    }
  });

  /** The access token's claims, or 401: no token, a malformed, forged or expired one. */
  function verifiedClaims(request: FastifyRequest): AccessClaims {
    const token = bearerToken(request) ?? boardCookieToken(request);
    if (!token) {
      throw new UnauthenticatedError(
        'UNAUTHENTICATED',
        request.url.startsWith(BOARD_PATH)
          ? `Authentication is required; sign in at ${BOARD_SIGN_IN}`
          : 'Authentication is required',
      );
    }
    let claims: AccessClaims;
    try {
      claims = verified.claims(token);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FAST_JWT_EXPIRED')
        throw new UnauthenticatedError('TOKEN_EXPIRED', 'The access token has expired; refresh it');
      throw new UnauthenticatedError('UNAUTHENTICATED', 'The access token is not valid');
    }
    return claims;
  }
});
