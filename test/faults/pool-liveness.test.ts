import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import test from 'ava';
import type pg from 'pg';
import { client } from '../helpers/client.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

/**
 * The safety net under the guarded pool: if the pool ever has requests waiting and no connection is
 * freed for LIVENESS_POOL_STALL_S, /health/live answers 503 NOT_LIVE so the supervisor restarts the
 * process; once a connection is freed it answers 200 again.
 */
let stack: Stack;
test.before(async () => {
  stack = await startStack({ env: { DATABASE_POOL_MAX: '2', LIVENESS_POOL_STALL_S: '1' } });
});
test.after.always(async () => {
  await stack?.close();
});

test('a pool with requests waiting and no connection freed for LIVENESS_POOL_STALL_S fails liveness; freed, it is live again', async (t) => {
  const admin = await given.admin(stack);
  const live = () => stack.app.inject({ method: 'GET', url: '/health/live' });
  t.is((await live()).statusCode, 200);
  const pool = (await (stack.orm.em.getConnection() as PostgreSqlConnection).getNativeClient()) as pg.Pool;
  const held = [await pool.connect(), await pool.connect()];
  const waiting = client(stack.app).as(admin).get(`/users/${admin.id}`);
  await new Promise((r) => setTimeout(r, 600));
  t.is((await live()).statusCode, 200, 'waiting less than the limit is no stall');
  await new Promise((r) => setTimeout(r, 800));
  const stalled = await live();
  t.is(stalled.statusCode, 503);
  t.is(stalled.json().error.code, 'NOT_LIVE');
  t.like(stalled.json().error.details.pool, { waiting: 1, total: 2, idle: 0 });
  for (const c of held) c.release();
  t.is((await waiting).statusCode, 200, 'the waiting request is served once a connection is freed');
  t.is((await live()).statusCode, 200);
});
