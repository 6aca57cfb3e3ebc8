import { type LoggerOptions, pino } from 'pino';
import { stdoutLines } from './observability/stdout-lines.js';

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

const isObject = (value: unknown): value is Loggable =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Whether a line's field is looked into: any object but a request or reply instance, which its
 * serializer writes without credentials (Fastify's writes method, url, host and address, never
 * headers) and which walking would cost every line.
 */
const lookedInto = (key: string, value: unknown): value is Loggable =>
  isObject(value) && (isPlain(value) || (key !== 'req' && key !== 'res'));

/**
 * A copy of `value` with some keys given new values (`replace` answers undefined to keep one), of the
 * same kind (an Error stays an Error, message and stack kept). Each replaced key gets a plain data
 * property, so a frozen object or a getter is no obstacle.
 */
function copyWith(value: Loggable, replace: (key: string) => unknown): Loggable {
  const descriptors = Object.getOwnPropertyDescriptors(value);
  for (const key of Object.keys(descriptors)) {
    const replaced = replace(key);
    if (replaced !== undefined)
      descriptors[key] = { value: replaced, enumerable: true, writable: true, configurable: true };
  }
  // V8's `stack` is an accessor that answers for the error it was made on only.
  if (value instanceof Error)
    descriptors.stack = { value: value.stack, enumerable: false, writable: true, configurable: true };
  return Object.create(Object.getPrototypeOf(value), descriptors) as Loggable;
}
const censor = (value: Loggable, keys: Set<string>) => copyWith(value, (key) => (keys.has(key) ? CENSOR : undefined));

const hasAny = (value: Loggable, keys: Set<string>) => {
  for (const key in value) if (keys.has(key) && Object.hasOwn(value, key)) return true;
  return false;
};

/** `value` with the credentials among its `headers` censored; the same object when there are none. */
function withoutSecretHeaders(value: Loggable): Loggable {
  const headers = value.headers;
  if (!isObject(headers) || !hasAny(headers, SECRET_HEADERS)) return value;
  const clean = censor(headers, SECRET_HEADERS);
  return copyWith(value, (key) => (key === 'headers' ? clean : undefined));
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
    else if (lookedInto(key, value)) {
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
  return pino(loggerOptions(level, name), stdoutLines());
}
export type Logger = ReturnType<typeof createLogger>;
