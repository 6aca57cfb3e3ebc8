import { type LoggerOptions, pino } from 'pino';

/**
 * Paths never written to logs: credentials, tokens and codes anywhere they can appear
 * (headers, bodies we choose to log, job data, error details).
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["webhook-signature"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.mfaToken',
  '*.deviceToken',
  '*.code',
  '*.secret',
  '*.resetToken',
  '*.recoveryCodes',
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
];

export function loggerOptions(level: string, name: string): LoggerOptions {
  return {
    name,
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

export function createLogger(level: string, name: string) {
  return pino(loggerOptions(level, name));
}
export type Logger = ReturnType<typeof createLogger>;
