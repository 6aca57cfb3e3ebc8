import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { DomainError } from '../../kernel/errors.js';
import {
  checkEndpointUrl,
  defaultResolver,
  ForbiddenAddressError,
  type ResolvedAddress,
  type Resolver,
  resolvePublicAddress,
} from './url-guard.js';

/**
 * Sends one webhook delivery. It never throws: every outcome, a refusal of the guard included, is a
 * SendResult whose `error` is safe to store and show (no query string, no header value: either may
 * hold a secret).
 */

export interface SendResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
}

export interface SendOptions {
  allowPrivate: boolean;
  resolver?: Resolver;
  /** Resolution, connection and response together. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** The receiver's answer is not used: read this much at most, so a huge or endless body costs nothing. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const USER_AGENT = 'insurance-backoffice-webhooks/1';
/** Headers the sender owns: a caller's value could desynchronise the framing or the virtual host. */
const RESERVED = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'content-type', 'user-agent']);

/** Makes the socket connect to the checked address whatever the name would resolve to now. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    // Happy eyeballs (autoSelectFamily) asks for every address at once.
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/** Rejects with the signal's reason once it aborts, so a hanging DNS lookup is bounded too. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** POSTs and settles with the status once the (capped) body is read; rejects only before a status. */
function post(
  url: URL,
  target: ResolvedAddress,
  req: { body: string; headers: Record<string, string> },
  signal: AbortSignal,
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!RESERVED.has(name.toLowerCase())) headers[name] = value;
    }
    headers['content-type'] = 'application/json';
    headers['user-agent'] = USER_AGENT;
    headers['content-length'] = Buffer.byteLength(req.body);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let status: number | null = null;
    const outgoing = send(
      url,
      {
        method: 'POST',
        headers,
        lookup: pinnedLookup(target),
        // The certificate is checked against the name, while the socket goes to the checked address.
        servername: isIP(host) ? undefined : host,
        // A fresh connection every time: no pooled socket from an earlier check, nothing left open after.
        agent: false,
        signal,
      },
      (res) => {
        status = res.statusCode ?? 0;
        const done = () => resolve(status ?? 0);
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > MAX_RESPONSE_BYTES) {
            res.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    outgoing.on('error', (err) => (status === null ? reject(err) : resolve(status)));
    outgoing.end(req.body);
  });
}

/** A failure in words that name neither the URL nor a header: the guard's own message, or an error code. */
function describe(err: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  if (err instanceof ForbiddenAddressError || err instanceof DomainError) return err.message;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'request failed';
}

export async function sendWebhook(
  target: { url: string },
  request: { body: string; headers: Record<string, string> },
  opts: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const result = (status: number | null, error: string | null): SendResult => ({
    ok: error === null,
    status,
    durationMs: Math.round(performance.now() - started),
    error,
  });
  try {
    // Checked again at every send: the name may resolve elsewhere since the endpoint was saved.
    const url = checkEndpointUrl(target.url, opts);
    const address = await untilAborted(
      resolvePublicAddress(url, { allowPrivate: opts.allowPrivate, resolver: opts.resolver ?? defaultResolver }),
      controller.signal,
    );
    const status = await post(url, address, request, controller.signal);
    if (status >= 200 && status < 300) return result(status, null);
    // Following would reach a URL nobody checked: a redirect is a failed delivery.
    if (status >= 300 && status < 400) return result(status, `redirect not followed (status ${status})`);
    return result(status, `HTTP ${status}`);
  } catch (err) {
    return result(null, describe(err, controller.signal.aborted, timeoutMs));
  } finally {
    clearTimeout(timer);
  }
}
