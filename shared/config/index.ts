import { Value } from 'typebox/value';
import { expectationOf } from './expects.js';
import {
  type Config,
  ConfigSchema,
  DEFAULT_APP_BASE_URL,
  LOCKOUT_MINUTES_RANGE,
  LOCKOUT_THRESHOLD_RANGE,
} from './schema.js';

export { type Config, ConfigSchema, DEFAULT_APP_BASE_URL, LOCKOUT_MINUTES_RANGE, LOCKOUT_THRESHOLD_RANGE };

/** One bad setting: its name and what is wrong with it (never its value: it may be a secret). */
export interface ConfigIssue {
  variable: string;
  problem: string;
}

/** Every bad setting of the environment at once, one line each. */
export class ConfigError extends Error {
  readonly issues: ConfigIssue[];

  constructor(issues: ConfigIssue[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  ${i.variable} ${i.problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }

  get variables(): string[] {
    return this.issues.map((i) => i.variable);
  }
}

const DEV_JWT_SECRET = 'development-only-jwt-secret-do-not-use-in-production';

/**
 * Reads and validates the environment once. Bad values throw one ConfigError naming every bad
 * variable and what it expects, so a misconfigured process stops at start, and its operator fixes
 * all of them in one go instead of one per restart.
 *
 * (This folder is plain erasable TypeScript: `npm start` checks the settings from these sources with
 * Node's type stripping before it builds anything; scripts/check-config.mjs.)
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const properties: Record<string, object> = ConfigSchema.properties;
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const converted = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, raw));
  const issues = new Map<string, string>();
  for (const error of Value.Errors(ConfigSchema, converted)) {
    const variable = error.instancePath.replace(/^\//, '').split('/')[0] || 'environment';
    if (issues.has(variable)) continue;
    const shown = raw[variable] === undefined ? 'is missing' : 'has an invalid value';
    issues.set(variable, `${shown}: expected ${expectationOf(variable, properties[variable] ?? {})}`);
  }
  const config = converted as Config;
  if (!config.JWT_SECRET && !issues.has('JWT_SECRET')) {
    if (config.NODE_ENV === 'production')
      issues.set('JWT_SECRET', 'is missing: required in production, at least 32 characters');
    else config.JWT_SECRET = DEV_JWT_SECRET;
  }
  if (!issues.has('APP_BASE_URL') && !URL.canParse(config.APP_BASE_URL))
    issues.set('APP_BASE_URL', 'has an invalid value: expected an http(s) URL');
  if (config.BOOTSTRAP_ADMIN_EMAIL && !config.BOOTSTRAP_ADMIN_PASSWORD && !issues.has('BOOTSTRAP_ADMIN_PASSWORD'))
    issues.set('BOOTSTRAP_ADMIN_PASSWORD', 'is missing: required when BOOTSTRAP_ADMIN_EMAIL is set');
  // Private webhook targets are for tests and a developer's machine: in production they open the network inside.
  if (config.NODE_ENV === 'production' && config.WEBHOOK_ALLOW_PRIVATE_URLS === 'true')
    issues.set('WEBHOOK_ALLOW_PRIVATE_URLS', 'has an invalid value: never true in production');
  // On a Redis Cluster the service's own keys must share a slot (their pipelines and scripts touch several).
  if (config.REDIS_CLUSTER_NODES && !/\{[^{}]+\}/.test(config.REDIS_PREFIX))
    issues.set('REDIS_PREFIX', 'has an invalid value: with REDIS_CLUSTER_NODES it must hold a hash tag, e.g. {ins}');
  // LISTEN through a transaction-mode pooler is accepted and then never notified: the relay needs its own session.
  if (config.DATABASE_POOLER === 'transaction' && !config.DATABASE_LISTEN_URL && !issues.has('DATABASE_LISTEN_URL'))
    issues.set(
      'DATABASE_LISTEN_URL',
      'is missing: required with DATABASE_POOLER=transaction, a direct PostgreSQL URL for LISTEN',
    );
  if (issues.size) throw new ConfigError([...issues].map(([variable, problem]) => ({ variable, problem })));
  return Object.freeze(config);
}
