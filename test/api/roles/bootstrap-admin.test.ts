import test from 'ava';
import { ADMIN_ROLE_ID } from '../../../shared/domain/access/system-roles.js';
import { seedReferenceData } from '../../../shared/prepare-database.js';
import { client } from '../../helpers/client.js';
import { sqlOn, unique } from '../../helpers/db.js';
import { expectData } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { startStack } from '../../helpers/stack.js';

/** The bootstrap admin: seeded once on an install without users, from BOOTSTRAP_ADMIN_*. Each test has a fresh install of its own. */

test('the bootstrap admin is created once on an install without users, signs in and holds every permission', async (t) => {
  const fresh = await startStack();
  try {
    const config = {
      BOOTSTRAP_ADMIN_EMAIL: `root-${unique()}@example.test`,
      BOOTSTRAP_ADMIN_PASSWORD: 'bootstrap-admin-password',
    };
    const users = () => sqlOn(fresh)(`select id, email from users`);
    t.deepEqual(await users(), [], 'the cloned template has no users');
    t.deepEqual(await seedReferenceData(fresh.orm, config), { bootstrapAdminCreated: true });
    t.deepEqual(await seedReferenceData(fresh.orm, config), { bootstrapAdminCreated: false });
    t.deepEqual(
      await seedReferenceData(fresh.orm, { ...config, BOOTSTRAP_ADMIN_EMAIL: `other-${unique()}@example.test` }),
      { bootstrapAdminCreated: false },
    );
    const rows = await users();
    t.is(rows.length, 1);
    t.is(rows[0].email, config.BOOTSTRAP_ADMIN_EMAIL);
    const api = client(fresh.app).as(
      await given.login(fresh, { email: config.BOOTSTRAP_ADMIN_EMAIL, password: config.BOOTSTRAP_ADMIN_PASSWORD }),
    );
    const me = expectData(t, await api.get('/auth/me'));
    t.is(me.status, 'active');
    t.deepEqual(
      me.roles.map((r: { id: string }) => r.id),
      [ADMIN_ROLE_ID],
    );
    const catalogue = expectData<{ name: string }[]>(t, await api.get('/permissions')).map((p) => p.name);
    t.deepEqual([...me.permissions].sort(), [...catalogue].sort());
    const [audit] = await sqlOn(fresh)(
      `select actor from audit_entries where action = 'user.bootstrap_admin' and subject_id = ?`,
      [rows[0].id],
    );
    t.is(audit.actor, 'system');
  } finally {
    await fresh.close();
  }
});

test('without bootstrap settings no admin is created', async (t) => {
  const fresh = await startStack();
  try {
    t.deepEqual(
      await seedReferenceData(fresh.orm, {
        BOOTSTRAP_ADMIN_EMAIL: undefined,
        BOOTSTRAP_ADMIN_PASSWORD: undefined,
      } as never),
      { bootstrapAdminCreated: false },
    );
    t.deepEqual(await seedReferenceData(fresh.orm), { bootstrapAdminCreated: false });
    const [{ n }] = await sqlOn(fresh)(`select count(*)::int as n from users`);
    t.is(n, 0);
  } finally {
    await fresh.close();
  }
});
