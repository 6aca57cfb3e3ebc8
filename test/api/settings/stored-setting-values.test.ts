import test, { type ExecutionContext } from 'ava';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/app.js';
import type { Config } from '../../../shared/config/index.js';
import type { Orm } from '../../../shared/db/orm.js';
import { createOrm } from '../../../shared/domains.js';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type Api, client, type Response } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { createTestDatabase, testConfig } from '../../helpers/stack.js';

/**
 * A value of a key the service reads that was stored around the API (older data, SQL) and is out of
 * its bounds is read as the nearest bound, and logged once per process, key and value: sign-in never
 * answers 500 and a lockout still happens. The tests share the security.* policies: serial.
 */
let app: FastifyInstance;
let orm: Orm;
let config: Config;
let api: Api;
const lines: string[] = [];
test.before(async () => {
  config = testConfig(await createTestDatabase(), {
    LOG_LEVEL: 'warn',
    LOCKOUT_THRESHOLD: '10',
    LOCKOUT_MINUTES: '15',
    RATE_LIMIT_LOGIN_MAX: '100000',
  });
  orm = await createOrm(config, 'test');
  app = await buildApp({ config, orm, logDestination: { write: (line) => void lines.push(line) } });
  await app.ready();
  api = client(app);
});
test.after.always(async () => {
  await app?.close();
  await orm?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn({ orm })(query, params);
/** Stores `value` for the key as SQL would, bypassing the API's checks. */
const plant = (key: 'lockoutThreshold' | 'lockoutMinutes', value: unknown) =>
  sql(
    `insert into operational_policies (id, category, key, name, value) values (?, 'security', ?, ?, ?::jsonb)
     on conflict (category, key) do update set value = excluded.value, active = true`,
    [uuidv7(), `security.${key}`, key, typeof value === 'string' ? value : JSON.stringify(value)],
  );
const removePolicies = () => sql(`delete from operational_policies where category = 'security'`);
const signIn = (email: string, password: string) => api.post('/auth/login', { email, password });
const failures = async (email: string, count: number, t: ExecutionContext) => {
  for (let i = 0; i < count; i++)
    expectError(t, await signIn(email, `wrong-${i}-password`), 401, 'INVALID_CREDENTIALS', undefined, `failure ${i}`);
};
const lockedOut = (t: ExecutionContext, res: Response) =>
  expectError(t, res, 429, 'RATE_LIMITED', { reason: 'too_many_failed_sign_ins' });
const warnings = (key: string) =>
  lines.map((l) => JSON.parse(l)).filter((l) => l.level === 40 && l.key === key && /out of its bounds/.test(l.msg));

test.serial(
  'a lockout threshold of 1e300 or 2^31 stored by SQL reads as 100: sign-in works and the 100th consecutive failure locks',
  async (t) => {
    for (const huge of ['1e300', String(2 ** 31)]) {
      await plant('lockoutThreshold', huge);
      const user = await given.account({ orm });
      await failures(user.email, 1, t);
      expectData(t, await signIn(user.email, user.password), 200, 'the right password signs in');
      // 98 failures so far, as if counted one by one: the 99th does not lock, the 100th does.
      await failures(user.email, 1, t);
      await sql(`update sign_in_failures set failures = 98 where email = ?`, [user.email.toLowerCase()]);
      await failures(user.email, 1, t);
      const [at99] = await sql(`select failures, locked_until from sign_in_failures where email = ?`, [
        user.email.toLowerCase(),
      ]);
      t.deepEqual({ ...at99 }, { failures: 99, locked_until: null }, `${huge}: not locked at 99`);
      await failures(user.email, 1, t);
      lockedOut(t, await signIn(user.email, user.password));
    }
    await removePolicies();
  },
);

test.serial('a lockout threshold of 0 stored by SQL reads as 3: the third consecutive failure locks', async (t) => {
  await plant('lockoutThreshold', 0);
  const user = await given.account({ orm });
  await failures(user.email, 2, t);
  expectData(t, await signIn(user.email, user.password), 200, 'not locked after two');
  await failures(user.email, 3, t);
  lockedOut(t, await signIn(user.email, user.password));
  await removePolicies();
});

test.serial('lockout minutes of 1e8 stored by SQL read as 1440: the lock lasts a day, not 190 years', async (t) => {
  await plant('lockoutThreshold', 3);
  await plant('lockoutMinutes', 1e8);
  const user = await given.account({ orm });
  await failures(user.email, 3, t);
  const res = await signIn(user.email, user.password);
  lockedOut(t, res);
  const seconds = Number(res.headers['retry-after']);
  t.true(seconds > 1439 * 60 && seconds <= 1440 * 60, `Retry-After ${seconds}`);
  await removePolicies();
});

test.serial('a value of the wrong type stored by SQL is ignored: the environment default applies', async (t) => {
  await plant('lockoutThreshold', '"3"');
  const user = await given.account({ orm });
  await failures(user.email, 3, t);
  expectData(t, await signIn(user.email, user.password), 200, 'LOCKOUT_THRESHOLD 10 applies, not "3"');
  await removePolicies();
});

test.serial('an out-of-range value is logged once per process, key and value, however often it is read', async (t) => {
  await plant('lockoutMinutes', 5000);
  const user = await given.account({ orm });
  await failures(user.email, 3, t);
  t.is(warnings('security.lockoutMinutes').filter((l) => l.value === 5000).length, 1);
  t.like(
    warnings('security.lockoutMinutes').find((l) => l.value === 5000),
    { outcome: 'read as 1440' },
  );
  await plant('lockoutMinutes', 6000);
  await failures(user.email, 2, t);
  t.is(warnings('security.lockoutMinutes').filter((l) => l.value === 6000).length, 1, 'another value: one more line');
  await removePolicies();
});
