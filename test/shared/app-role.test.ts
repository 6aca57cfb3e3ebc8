import test from 'ava';
import pg from 'pg';
import { buildApp } from '../../api/app.js';
import { createOrm } from '../../shared/domains.js';
import { prepareDatabase } from '../../shared/prepare-database.js';
import { client } from '../helpers/client.js';
import { expectData } from '../helpers/expect.js';
import { given } from '../helpers/given.js';
import { testConfig } from '../helpers/stack.js';

/**
 * The service needs no superuser: on a database owned by an ordinary role (LOGIN, nothing more), the
 * migrations create everything (the pg_trgm extension included, a trusted one), the seed runs, and the
 * app serves reads and writes connected as that role.
 */
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const suffix = `${process.env.TEST_RUN_ID ?? 'local'}_${Math.random().toString(36).slice(2, 8)}`;
const role = `ins_test_role_${suffix}`;
const database = `ins_test_${process.env.TEST_RUN_ID ?? 'local'}_owned_${suffix}`;

async function asAdmin(sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

test.before(async () => {
  await asAdmin(`create role "${role}" login nosuperuser nocreatedb nocreaterole noreplication`);
  await asAdmin(`create database "${database}" owner "${role}"`);
});
test.after.always(async () => {
  await asAdmin(`drop database if exists "${database}" with (force)`);
  await asAdmin(`drop role if exists "${role}"`);
});

test('migrations, seed and the app work connected as a role that owns its database and is no superuser', async (t) => {
  const url = new URL(adminUrl);
  url.username = role;
  url.pathname = `/${database}`;
  const config = { ...testConfig(database), DATABASE_URL: url.toString() };
  const orm = await createOrm(config, 'test');
  try {
    const [who] = await orm.em
      .fork()
      .execute<{ rolsuper: boolean; current_user: string }[]>(
        'select current_user, rolsuper from pg_roles where rolname = current_user',
      );
    t.deepEqual(who, { current_user: role, rolsuper: false });
    await prepareDatabase(orm, config);
    const app = await buildApp({ config, orm, logger: false });
    try {
      const admin = await given.admin({ app, orm });
      const created = expectData(t, await client(app, admin).post('/roles', { name: `owned-${suffix}` }), 201);
      expectData(t, await client(app, admin).get(`/roles/${created.id}`));
      // The trigram search the migrations indexed works for this role too.
      expectData(t, await client(app, admin).get('/users?q=adm'));
    } finally {
      await app.close();
    }
  } finally {
    await orm.close();
  }
});
