import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Who a request is sent as: a signed-in user or session (its `token`), a bare access token, or nobody. */
export type Who = { token: string } | string | null;

/** Per-request extras: headers (merged over the Bearer header) and the client address. */
export interface RequestOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export type Response = LightMyRequestResponse;

/** The app's HTTP API, driven through `app.inject`; every call returns the inject response as is. */
export interface Api {
  /** The same client, sending `who`'s access token as `Authorization: Bearer`. */
  as(who: Who): Api;
  get(url: string, opts?: RequestOptions): Promise<Response>;
  delete(url: string, opts?: RequestOptions): Promise<Response>;
  /** `body` is sent as JSON; a string is sent as is; undefined sends no body. */
  post(url: string, body?: unknown, opts?: RequestOptions): Promise<Response>;
  patch(url: string, body?: unknown, opts?: RequestOptions): Promise<Response>;
  put(url: string, body?: unknown, opts?: RequestOptions): Promise<Response>;
}

/** The Authorization header of `who`, for requests made without the client (a raw inject, a browser). */
export const bearer = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A client of `app`, anonymous until `.as(user)`. */
export function client(app: FastifyInstance, who: Who = null): Api {
  const token = typeof who === 'string' ? who : who?.token;
  const send = (method: Method, url: string, body: unknown, opts: RequestOptions = {}) =>
    app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...opts.headers },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : (body as object) }),
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
    });
  return {
    as: (next) => client(app, next),
    get: (url, opts) => send('GET', url, undefined, opts),
    delete: (url, opts) => send('DELETE', url, undefined, opts),
    post: (url, body, opts) => send('POST', url, body, opts),
    patch: (url, body, opts) => send('PATCH', url, body, opts),
    put: (url, body, opts) => send('PUT', url, body, opts),
  };
}
