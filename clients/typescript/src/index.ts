import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths };
/** A resource as the API answers it, by its component name: `Schema<'Claim'>`. */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

export interface BackofficeClientOptions {
  /** e.g. https://backoffice.example.com */
  baseUrl: string;
  /** The access token, or a function asked before each request (to refresh it when it is about to end). */
  accessToken?: string | (() => string | Promise<string>);
  /** Sent as X-Correlation-Id on every request, so your logs and the service's meet. */
  correlationId?: () => string;
  fetch?: typeof fetch;
}

/**
 * A typed client: every path, parameter, body and answer of the document, checked by the compiler.
 * Answers come as `{ data, error, response }`: `data` is the envelope `{ data, meta }` of a success,
 * `error` the envelope `{ error: { code, message, details }, meta }` of a refusal.
 *
 *   const api = createBackofficeClient({ baseUrl, accessToken });
 *   const { data, error } = await api.GET('/claims/{id}', { params: { path: { id } } });
 */
export function createBackofficeClient(options: BackofficeClientOptions): Client<paths> {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  const auth: Middleware = {
    async onRequest({ request }) {
      const token = typeof options.accessToken === 'function' ? await options.accessToken() : options.accessToken;
      if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
      if (options.correlationId) request.headers.set('x-correlation-id', options.correlationId());
      return request;
    },
  };
  client.use(auth);
  return client;
}

/** An access token for a machine client (OAuth 2.0 client credentials, POST /auth/token). */
export async function clientCredentialsToken(
  baseUrl: string,
  credentials: { clientId: string; clientSecret: string },
  fetchImpl: typeof fetch = fetch,
): Promise<{ accessToken: string; expiresIn: number }> {
  const response = await fetchImpl(new URL('/auth/token', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    }),
  });
  const body = (await response.json()) as { access_token?: string; expires_in?: number; error?: string };
  if (!response.ok || !body.access_token) throw new Error(`POST /auth/token: ${response.status} ${body.error ?? ''}`);
  return { accessToken: body.access_token, expiresIn: body.expires_in ?? 0 };
}

/** A fresh Idempotency-Key for a write: send the same one again when you retry that write. */
export const idempotencyKey = (): string => crypto.randomUUID();
