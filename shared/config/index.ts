import { Value } from 'typebox/value';
import {
  type Config,
  ConfigSchema,
  DEFAULT_APP_BASE_URL,
  LOCKOUT_MINUTES_RANGE,
  LOCKOUT_THRESHOLD_RANGE,
} from './schema.js';

export { type Config, ConfigSchema, DEFAULT_APP_BASE_URL, LOCKOUT_MINUTES_RANGE, LOCKOUT_THRESHOLD_RANGE };

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

const DEV_JWT_SECRET = 'development-only-jwt-secret-do-not-use-in-production';

/**
 * Reads and validates the environment once. A bad value throws a ConfigError naming the variable,
 * so a misconfigured process stops at start instead of failing on first use.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.keys(ConfigSchema.properties) as (keyof Config)[];
  const raw: Record<string, unknown> = {};
  for (const key of known) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const converted = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, raw));
  const firstError = [...Value.Errors(ConfigSchema, converted)][0];
  if (firstError) {
    const variable = firstError.instancePath.replace(/^\//, '').split('/')[0] || 'environment';
    const value = raw[variable];
    const shown = value === undefined ? 'is missing' : 'has an invalid value';
    throw new ConfigError(variable, `${shown}: ${firstError.message}`);
  }
  const config = converted as Config;
  if (!config.JWT_SECRET) {
    if (config.NODE_ENV === 'production')
      throw new ConfigError('JWT_SECRET', 'is required outside development and test');
    config.JWT_SECRET = DEV_JWT_SECRET;
  }
  if (!URL.canParse(config.APP_BASE_URL)) throw new ConfigError('APP_BASE_URL', 'is not a valid http(s) URL');
  if (config.BOOTSTRAP_ADMIN_EMAIL && !config.BOOTSTRAP_ADMIN_PASSWORD) {
    throw new ConfigError('BOOTSTRAP_ADMIN_PASSWORD', 'is required when BOOTSTRAP_ADMIN_EMAIL is set');
  }
  return Object.freeze(config);
}
