import test from 'ava';
import { ConfigError, ConfigSchema, loadConfig } from '../../shared/config/index.js';

test('defaults apply when the environment is empty', (t) => {
  const config = loadConfig({});
  t.is(config.PORT, 3000);
  t.is(config.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/insurance');
  t.is(config.REDIS_URL, 'redis://127.0.0.1:6379');
  t.is(config.RATE_LIMIT_MAX, 120);
  t.is(config.RATE_LIMIT_WINDOW_S, 60);
  t.is(config.ACCESS_TOKEN_TTL, 900);
  t.is(config.LOCKOUT_THRESHOLD, 10);
  t.is(config.QUOTATION_SWEEP_EVERY, 300);
});

test('numbers are read from text', (t) => {
  t.is(loadConfig({ PORT: '4000', RATE_LIMIT_LOGIN_MAX: '3' }).PORT, 4000);
});

const invalid: [string, string][] = [
  ['PORT', 'not-a-port'],
  ['PORT', '70000'],
  ['RATE_LIMIT_MAX', '0'],
  ['DATABASE_URL', 'mysql://x'],
  ['REDIS_URL', 'localhost:6379'],
  ['LOG_LEVEL', 'loud'],
  ['NODE_ENV', 'staging'],
  ['JWT_SECRET', 'short'],
  ['BOOTSTRAP_ADMIN_EMAIL', 'not-an-email'],
];
for (const [variable, value] of invalid) {
  test(`a bad ${variable} (${value}) is refused with a message naming it`, (t) => {
    const error = t.throws(() => loadConfig({ [variable]: value }), { instanceOf: ConfigError });
    t.is(error?.variables[0], variable);
    t.regex(error!.message, new RegExp(`^Invalid configuration:\n  ${variable} has an invalid value: expected \\S`));
  });
}

test('JWT_SECRET is required in production', (t) => {
  const error = t.throws(() => loadConfig({ NODE_ENV: 'production' }), { instanceOf: ConfigError });
  t.deepEqual(error?.variables, ['JWT_SECRET']);
  t.regex(error!.message, /JWT_SECRET is missing: required in production, at least 32 characters/);
});

test('BOOTSTRAP_ADMIN_EMAIL without a password is refused', (t) => {
  const error = t.throws(() => loadConfig({ BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' }), { instanceOf: ConfigError });
  t.deepEqual(error?.variables, ['BOOTSTRAP_ADMIN_PASSWORD']);
});

test('every bad setting is named at once, each with what it expects, one line each', (t) => {
  const error = t.throws(
    () =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'too-short',
        DATABASE_URL: 'db.internal:5432',
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com',
      }),
    { instanceOf: ConfigError },
  );
  t.deepEqual(error?.variables.sort(), ['BOOTSTRAP_ADMIN_PASSWORD', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'PORT']);
  const lines = error!.message.split('\n');
  t.is(lines[0], 'Invalid configuration:');
  for (const line of [
    '  JWT_SECRET has an invalid value: expected at least 32 characters',
    '  DATABASE_URL has an invalid value: expected a PostgreSQL URL, postgres://user@host:5432/database',
    '  PORT has an invalid value: expected a whole number from 0 to 65535',
    '  LOG_LEVEL has an invalid value: expected one of fatal, error, warn, info, debug, trace, silent',
    '  BOOTSTRAP_ADMIN_PASSWORD is missing: required when BOOTSTRAP_ADMIN_EMAIL is set',
  ])
    t.true(lines.includes(line), line);
  t.is(lines.length, 6);
});

test('a bad setting is reported without its value, which may be a secret', (t) => {
  const error = t.throws(
    () => loadConfig({ JWT_SECRET: 'hunter2-secret', REGISTRY_WEBHOOK_SECRET: 'short-one', SMTP_URL: 'mail:pw@x' }),
    { instanceOf: ConfigError },
  );
  t.deepEqual(error?.variables.sort(), ['JWT_SECRET', 'REGISTRY_WEBHOOK_SECRET', 'SMTP_URL']);
  for (const value of ['hunter2', 'short-one', 'mail:pw']) t.false(error!.message.includes(value), value);
});

test('every setting has a description, so the README configuration table can list it', (t) => {
  for (const [name, schema] of Object.entries(ConfigSchema.properties)) {
    t.truthy((schema as { description?: string }).description, name);
  }
});
