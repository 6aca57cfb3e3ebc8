import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { clientKeyOf } from './client-key.js';

/** Addresses tracked at once; past it, a new address is not tracked until a window ends (memory stays bounded). */
const MAX_TRACKED = 10_000;
const WINDOW_MS = 1000;

interface Window {
  startedAt: number;
  refused: number;
}

/**
 * Per client address (an IPv6 client's /64, clientKeyOf), the requests refused before their body was read (a declared size over the
 * route's limit, a body sent to a route that does not exist), counted in one-second windows in this
 * process. Once an address passes `max` in a window, its new connections are answered 429 at accept,
 * before a byte of them is read, for the rest of that window.
 *
 * Why: such a request costs the server little, but not nothing. Node copies the first 64 KiB of the
 * body that arrived with the headers into a buffer before any handler runs, and a sender reconnecting
 * after each refusal makes that about 130 MB a second, which only full garbage collections reclaim
 * (every 100 ms under a three-connection flood, pausing everything else for up to 10 ms). Answered at
 * accept, a connection costs a write and a close.
 */
export class RefusedAddresses {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  record(client: string | undefined): void {
    if (!client) return;
    const address = clientKeyOf(client);
    const now = this.now();
    const current = this.windows.get(address);
    if (current && now - current.startedAt < WINDOW_MS) {
      current.refused++;
      return;
    }
    if (!current && this.windows.size >= MAX_TRACKED) this.forgetEnded(now);
    if (!current && this.windows.size >= MAX_TRACKED) return;
    this.windows.set(address, { startedAt: now, refused: 1 });
  }

  /** Seconds until the address may connect again, or 0 when it may now. */
  blockedFor(client: string | undefined): number {
    const current = client ? this.windows.get(clientKeyOf(client)) : undefined;
    if (!current || current.refused <= this.max) return 0;
    const left = current.startedAt + WINDOW_MS - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  private forgetEnded(now: number): void {
    for (const [address, w] of this.windows) if (now - w.startedAt >= WINDOW_MS) this.windows.delete(address);
  }
}

/** The 429 envelope written at accept: the headers every answer carries that apply to an error. */
function tooManyRefused(retryAfterS: number, max: number, apiVersion: string): string {
  const requestId = uuidv7();
  const body = JSON.stringify({
    error: {
      code: 'RATE_LIMITED',
      message: `Too many requests from this address were refused unread; retry in ${retryAfterS} s`,
    },
    meta: { requestId },
  });
  return [
    'HTTP/1.1 429 Too Many Requests',
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${requestId}`,
    `api-version: ${apiVersion}`,
    `ratelimit-limit: ${max}`,
    'ratelimit-remaining: 0',
    `ratelimit-reset: ${retryAfterS}`,
    `retry-after: ${retryAfterS}`,
    'cache-control: no-store',
    'x-content-type-options: nosniff',
    'x-frame-options: DENY',
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Puts the guard in front of the HTTP server's own connection handling: a connection from an address
 * over its limit gets the 429 and is closed without being read; any other goes on as before. Only
 * where the socket address is the client's (no trusted proxy in front: behind one, every client would
 * share the proxy's address, and the proxy is the place for such limits).
 */
export function guardConnections(server: Server, refused: RefusedAddresses, apiVersion: string): void {
  const handlers = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const retryAfterS = refused.blockedFor(socket.remoteAddress);
    if (retryAfterS === 0) {
      for (const handle of handlers) handle.call(server, socket);
      return;
    }
    socket.on('error', () => {});
    socket.end(tooManyRefused(retryAfterS, refused.max, apiVersion), () => socket.destroy());
  });
}
