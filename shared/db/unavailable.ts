/**
 * Whether an error says PostgreSQL cannot be reached or cannot take the request now, rather than that
 * the request or the code is wrong: the server is down, restarting or refusing connections, the
 * connection broke, or no connection came free in time. Such a request is answered 503
 * SERVICE_UNAVAILABLE with Retry-After (a retry will likely work), never 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some(unavailable);
}

/** Whether a failure leaves its connection unfit to be used again (it is destroyed rather than pooled). */
export function breaksConnection(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = codeOf(e);
    // A PostgreSQL error answered on a live session (a unique violation, a statement timeout) leaves it usable.
    if (code && !SOCKET.has(code) && SQLSTATE.test(code)) return code.startsWith('08') || SHUTDOWN.has(code);
    return true;
  });
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down). */
const SHUTDOWN = new Set(['57P01', '57P02', '57P03']);
/** Socket errors of Node's net module: the server is not there, or the connection was cut. */
const SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** What pg and pg-pool say of a connection they lost or could not get (they set no code). */
const LOST = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Query read timeout/,
  /^Connection ended unexpectedly/,
];

function unavailable(e: Error): boolean {
  const code = codeOf(e);
  // Checked first: EPIPE has the shape of a SQLSTATE.
  if (code && SOCKET.has(code)) return true;
  if (code && SQLSTATE.test(code)) return code.startsWith('08') || code.startsWith('53') || SHUTDOWN.has(code);
  return LOST.some((pattern) => pattern.test(e.message));
}

const codeOf = (e: Error): string | undefined => {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** The error, the errors it wraps (`cause`) and those it aggregates (a refused IPv4 and IPv6 address). */
function causes(error: unknown, depth = 0): Error[] {
  if (!(error instanceof Error) || depth > 5) return [];
  const nested = [
    ...(error instanceof AggregateError ? error.errors : []),
    ...((error as { cause?: unknown }).cause === undefined ? [] : [(error as { cause?: unknown }).cause]),
  ];
  return [error, ...nested.flatMap((e) => causes(e, depth + 1))];
}
