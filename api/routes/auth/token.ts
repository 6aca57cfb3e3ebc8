import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { type ClientCredentials, issueClientToken } from '../../../shared/domain/api-clients/index.js';
import { AUTH_TAG } from '../../../shared/domain/identity/index.js';
import { component, Int32 } from '../../../shared/kernel/schema.js';
import { ERROR_RESPONSES } from '../../http/envelope.js';
import { perMinute } from '../../plugins/rate-limit.js';

// POST /auth/token speaks OAuth 2.0's shapes (RFC 6749 sections 4.4 and 5), not the service's envelope:
// OAuth client libraries read them. Refusals before the handler (rate limit, body size, content type)
// keep the envelope.

const TokenRequest = Type.Object(
  {
    grant_type: Type.String({ maxLength: 64, description: 'client_credentials' }),
    client_id: Type.Optional(Type.String({ maxLength: 128, description: 'Or in HTTP Basic' })),
    client_secret: Type.Optional(Type.String({ maxLength: 256, description: 'Or in HTTP Basic' })),
    scope: Type.Optional(Type.String({ maxLength: 1000, description: 'Ignored: a client acts with its roles' })),
  },
  // RFC 6749 section 3.1: unrecognised parameters are ignored, not refused.
  { additionalProperties: true },
);

const TokenResponse = component(
  'OAuthTokenResponse',
  Type.Object({
    access_token: Type.String({ maxLength: 2048 }),
    token_type: Type.Literal('Bearer'),
    expires_in: Int32({ description: 'Seconds the access token is valid' }),
  }),
);

const OAuthError = component(
  'OAuthError',
  Type.Object(
    {
      error: Type.Union(
        ['invalid_request', 'invalid_client', 'unsupported_grant_type'].map((code) => Type.Literal(code)),
      ),
      error_description: Type.String({ maxLength: 500 }),
    },
    { description: 'An OAuth 2.0 error response (RFC 6749 section 5.2)' },
  ),
);

export const tokenSchema = {
  operationId: 'issueClientToken',
  tags: AUTH_TAG,
  security: [],
  summary: 'Get an access token for a machine client',
  description:
    "OAuth 2.0 client credentials (RFC 6749 section 4.4): `grant_type=client_credentials` with the client id and secret in the body or in HTTP Basic (not both), as a form (`application/x-www-form-urlencoded`) or JSON. Answers `{ access_token, token_type, expires_in }`, used as `Authorization: Bearer <access_token>`; there is no refresh token, ask again. Its answers and refusals are OAuth's shapes, not the envelope: 400 `invalid_request` or `unsupported_grant_type`, 401 `invalid_client`. Unknown parameters are ignored (section 3.1).",
  body: {
    content: {
      'application/x-www-form-urlencoded': { schema: TokenRequest },
      'application/json': { schema: TokenRequest },
    },
  },
  response: {
    200: TokenResponse,
    400: { ...OAuthError, description: 'invalid_request or unsupported_grant_type' },
    401: { ...OAuthError, description: 'invalid_client: the id and secret name no active client' },
    ...ERROR_RESPONSES,
  },
};

type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';

const refuse = (reply: FastifyReply, status: 400 | 401, error: OAuthErrorCode, description: string) =>
  reply.code(status).send({ error, error_description: description });

/** A form body as an object; a parameter given twice is refused (RFC 6749 section 3.2). */
function parseForm(body: string): Record<string, string> | Error {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (key in out) return new Error(`The parameter ${key} is given more than once`);
    out[key] = value;
  }
  return out;
}

/** HTTP Basic credentials (RFC 6749 section 2.3.1: each part form-encoded), undefined without the header. */
function basicCredentials(request: FastifyRequest): ClientCredentials | Error | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header);
  if (!match) return new Error('The Authorization header must be HTTP Basic');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return new Error('HTTP Basic credentials are client_id:client_secret');
  try {
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)) };
  } catch {
    return new Error('HTTP Basic credentials are not form-encoded');
  }
}

const token: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const form = parseForm(body as string);
    done(null, form);
  });

  app.post(
    '/auth/token',
    {
      config: { public: true, idempotent: false, ...perMinute(app.config.RATE_LIMIT_TOKEN_MAX) },
      schema: tokenSchema,
      attachValidation: true,
    },
    async (request, reply) => {
      reply.header('pragma', 'no-cache');
      const body = request.body;
      if (body instanceof Error) return refuse(reply, 400, 'invalid_request', body.message);
      if (request.validationError || !body || typeof body !== 'object')
        return refuse(
          reply,
          400,
          'invalid_request',
          'The body must carry grant_type, and client_id and client_secret unless sent in HTTP Basic',
        );
      const form = body as { grant_type: string; client_id?: string; client_secret?: string };
      if (form.grant_type !== 'client_credentials')
        return refuse(reply, 400, 'unsupported_grant_type', 'Only grant_type=client_credentials is supported');
      const basic = basicCredentials(request);
      if (basic instanceof Error) return refuse(reply, 400, 'invalid_request', basic.message);
      const inBody = form.client_id !== undefined || form.client_secret !== undefined;
      if (basic && inBody)
        return refuse(
          reply,
          400,
          'invalid_request',
          'Send the client credentials in HTTP Basic or in the body, not both',
        );
      const credentials =
        basic ??
        (form.client_id !== undefined && form.client_secret !== undefined
          ? { clientId: form.client_id, clientSecret: form.client_secret }
          : undefined);
      if (!credentials) return refuse(reply, 400, 'invalid_request', 'client_id and client_secret are required');
      const issued = await issueClientToken(app.deps, credentials);
      if (!issued) {
        // RFC 6749 section 5.2: a client that tried HTTP Basic is told which scheme to use.
        if (basic) reply.header('www-authenticate', 'Basic realm="insurance-backoffice", charset="UTF-8"');
        return refuse(reply, 401, 'invalid_client', 'The client id and secret do not name an active client');
      }
      return reply.code(200).send(issued);
    },
  );
};

export default token;
