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
  ['APP_BASE_URL', 'ftp://app.example'],
  ['APP_BASE_URL', 'app.example'],
  ['APP_BASE_URL', 'https://app.example/?next=x'],
  ['APP_BASE_URL', 'https://user@app.example'],
  ['APP_BASE_URL', 'https://app.example:99999'],
  ['MAIL_LINK_HOSTS', 'https://app.example'],
  ['MAIL_LINK_HOSTS', 'app.example/path'],
  ['LOCKOUT_THRESHOLD', '2'],
  ['LOCKOUT_THRESHOLD', '101'],
  ['LOCKOUT_THRESHOLD', '2147483648'],
  ['LOCKOUT_MINUTES', '0'],
  ['LOCKOUT_MINUTES', '1441'],
  ['LOCKOUT_MINUTES', '100000000'],
];
for (const [variable, value] of invalid) {
  test(`a bad ${variable} (${value}) is refused with a message naming it`, (t) => {
    const error = t.throws(() => loadConfig({ [variable]: value }), { instanceOf: ConfigError });
    t.is(error?.variables[0], variable);
    t.regex(error!.message, new RegExp(`^Invalid configuration:\n  ${variable} has an invalid value: expected \\S`));
  });
}

test('the mails link to http://localhost:3000 by default, and to the hosts MAIL_LINK_HOSTS names when set', (t) => {
  t.is(loadConfig({}).APP_BASE_URL, 'http://localhost:3000');
  t.is(loadConfig({}).MAIL_LINK_HOSTS, undefined);
  const config = loadConfig({
    APP_BASE_URL: 'https://app.example/office',
    MAIL_LINK_HOSTS: 'app.example, help.example',
  });
  t.is(config.APP_BASE_URL, 'https://app.example/office');
  t.is(config.MAIL_LINK_HOSTS, 'app.example, help.example');
});

test('the lockout figures take the bounds of their operational policies: threshold 3..100, minutes 1..1440', (t) => {
  const lowest = loadConfig({ LOCKOUT_THRESHOLD: '3', LOCKOUT_MINUTES: '1' });
  const highest = loadConfig({ LOCKOUT_THRESHOLD: '100', LOCKOUT_MINUTES: '1440' });
  t.deepEqual([lowest.LOCKOUT_THRESHOLD, lowest.LOCKOUT_MINUTES], [3, 1]);
  t.deepEqual([highest.LOCKOUT_THRESHOLD, highest.LOCKOUT_MINUTES], [100, 1440]);
});

test('JWT_SECRET is required in production', (t) => {
  const error = t.throws(() => loadConfig({ NODE_ENV: 'production' }), { instanceOf: ConfigError });
  t.deepEqual(error?.variables, ['JWT_SECRET']);
  t.regex(error!.message, /JWT_SECRET is missing: required in production, at least 32 characters/);
});

test('webhook endpoints on private addresses are never allowed in production', (t) => {
  const env = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), WEBHOOK_ALLOW_PRIVATE_URLS: 'true' };
  const error = t.throws(() => loadConfig(env), { instanceOf: ConfigError });
  t.deepEqual(error?.variables, ['WEBHOOK_ALLOW_PRIVATE_URLS']);
  t.is(loadConfig({ ...env, NODE_ENV: 'development' }).WEBHOOK_ALLOW_PRIVATE_URLS, 'true');
});

test('on a Redis Cluster the key prefix must hold a hash tag; the seeds are host:port, comma-separated', (t) => {
  const env = { REDIS_CLUSTER_NODES: 'redis-1:6379,10.0.0.2:6380,[::1]:7000' };
  t.is(loadConfig(env).REDIS_CLUSTER_NODES, env.REDIS_CLUSTER_NODES);
  const untagged = t.throws(() => loadConfig({ ...env, REDIS_PREFIX: 'ins' }), { instanceOf: ConfigError });
  t.deepEqual(untagged?.variables, ['REDIS_PREFIX']);
  t.is(loadConfig({ REDIS_PREFIX: 'ins' }).REDIS_PREFIX, 'ins', 'one server: any prefix');
  const bad = t.throws(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-1' }), { instanceOf: ConfigError });
  t.deepEqual(bad?.variables, ['REDIS_CLUSTER_NODES']);
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
