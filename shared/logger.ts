import { type LoggerOptions, pino } from 'pino';

const CENSOR = '[redacted]';

/** Keys whose values never reach a log line: at the top level of a line, or one level down. */
const SECRET_KEYS = new Set([
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'refreshToken',
  'accessToken',
  'mfaToken',
  'deviceToken',
  'secret',
  'resetToken',
]);
/** Secret one level down only: at the top level `code` is an error code, not a one-time code. */
const NESTED_SECRET_KEYS = new Set([...SECRET_KEYS, 'code', 'recoveryCodes']);
/** Request headers that carry credentials, in `headers` or `req.headers`. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'webhook-signature']);

/**
 * The paths never written to logs, as a reader knows them (credentials, tokens and codes anywhere
 * they can appear: headers, bodies we choose to log, job data, error details). `*` is any key.
 */
export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...[...NESTED_SECRET_KEYS].map((k) => `*.${k}`),
  ...[...SECRET_HEADERS].flatMap((h) => [`headers.${h}`, `req.headers.${h}`]),
];

type Loggable = Record<string, unknown>;

/**
 * Plain objects and errors: what a line's own fields and an error's details are. Other instances (a
 * request, a reply) are written by their serializers, which keep no credentials (Fastify's request
 * serializer writes method, url, host and remote address, never headers).
 */
const isObject = (value: unknown): value is Loggable => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || value instanceof Error;
};

/** A copy of `value` with `censored` keys replaced, of the same kind (an Error stays an Error, message and stack kept). */
function censor(value: Loggable, keys: Set<string>): Loggable {
  const copy = Object.create(Object.getPrototypeOf(value), Object.getOwnPropertyDescriptors(value)) as Loggable;
  // V8's `stack` is an accessor that answers for the error it was made on only.
  if (value instanceof Error) Object.defineProperty(copy, 'stack', { value: value.stack, enumerable: false });
  for (const key of Object.keys(copy)) if (keys.has(key)) copy[key] = CENSOR;
  return copy;
}

const hasAny = (value: Loggable, keys: Set<string>) => {
  for (const key in value) if (keys.has(key) && Object.hasOwn(value, key)) return true;
  return false;
};

/** `value` with secrets of the headers it holds (itself, or its `headers`) censored; the same object when it has none. */
function withoutSecretHeaders(value: Loggable): Loggable {
  const headers = value.headers;
  if (!isObject(headers) || !hasAny(headers, SECRET_HEADERS)) return value;
  const copy = censor(value, new Set());
  copy.headers = censor(headers, SECRET_HEADERS);
  return copy;
}

/**
 * A log line's fields without secrets (REDACT_PATHS): the same object when it holds none, which is
 * almost always, so a line costs a walk over its keys and nothing more; otherwise a copy, never the
 * caller's own object changed. (pino's own `redact` parses its paths and clones at every line and
 * every request's child logger: a third of what the web process allocated under load.)
 */
export function redactSecrets(fields: Loggable): Loggable {
  let out: Loggable | undefined;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    let clean = value;
    if (SECRET_KEYS.has(key)) clean = CENSOR;
    else if (isObject(value)) {
      clean = hasAny(value, NESTED_SECRET_KEYS) ? censor(value, NESTED_SECRET_KEYS) : value;
      if (key === 'headers' && hasAny(value, SECRET_HEADERS)) clean = censor(clean as Loggable, SECRET_HEADERS);
      else if (key === 'req') clean = withoutSecretHeaders(clean as Loggable);
    }
    if (clean !== value) {
      out ??= { ...fields };
      out[key] = clean;
    }
  }
  return out ?? fields;
}

export function loggerOptions(level: string, name: string): LoggerOptions {
  return {
    name,
    level,
    // Each line's own fields. A child logger's bindings (a request's, a job's: api/app.ts,
    // workers/run-job.ts) are ids only and are not looked at.
    formatters: { log: redactSecrets },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

export function createLogger(level: string, name: string) {
  return pino(loggerOptions(level, name));
}
export type Logger = ReturnType<typeof createLogger>;
