import test from 'ava';
import { given } from '../helpers/given.js';
import { anotherProcess, type Stack, startStack } from '../helpers/stack.js';

/**
 * A web process keeps a copy of the caller stamps under a lease (shared/domain/identity/stamp-watch.ts):
 * a caller's repeat requests ask Redis nothing, and a change on another process still applies on the
 * very next request, even when the holder has stopped hearing changes.
 */
const ENV = { RATE_LIMIT_LOGIN_MAX: '100000' };
let writer: Stack;
let reader: Stack;
test.before(async () => {
  writer = await startStack({ env: ENV });
  reader = await anotherProcess(writer, ENV);
});
test.after.always(async () => {
  await reader?.close();
  await writer?.close();
});

const me = (on: Stack, token: string) =>
  on.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } });

/** Waits until `on` holds a lease (its first read of a caller's stamps is then kept). */
async function warm(on: Stack, token: string) {
  for (let i = 0; i < 100; i++) {
    const before = on.app.deps.callerStamps.counts.hits;
    if ((await me(on, token)).statusCode !== 200) throw new Error('not signed in');
    if ((await me(on, token)).statusCode !== 200) throw new Error('not signed in');
    if (on.app.deps.callerStamps.counts.hits > before) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the stamps were never kept');
}

test.serial("a caller's repeat requests are answered from the process's copy of the stamps", async (t) => {
  const user = await given.account(writer);
  const session = await given.login(writer, user);
  await warm(reader, session.accessToken);
  const before = reader.app.deps.callerStamps.counts.hits;
  for (let i = 0; i < 10; i++) t.is((await me(reader, session.accessToken)).statusCode, 200);
  t.is(reader.app.deps.callerStamps.counts.hits - before, 10, 'no request asked Redis for the stamps');
});

test.serial('a holder that stops hearing changes loses its lease, and the change waits for it to end', async (t) => {
  const user = await given.account(writer);
  const first = await given.login(writer, user);
  const second = await given.login(writer, user);
  await warm(reader, second.accessToken);
  // The reader's subscription goes deaf (its socket is no longer read): it keeps serving and renewing.
  const watch = (reader.app.deps.callerStamps as unknown as { watch: { sub: { stream: NodeJS.ReadableStream } } })
    .watch;
  watch.sub.stream.pause();
  try {
    const evicted = writer.app.deps.callerStamps.counts.evicted;
    const started = Date.now();
    const out = await writer.app.inject({
      method: 'POST',
      url: '/auth/logout-all',
      headers: { authorization: `Bearer ${first.accessToken}` },
    });
    t.is(out.statusCode, 204);
    t.true(writer.app.deps.callerStamps.counts.evicted > evicted, 'the silent holder was evicted');
    t.true(Date.now() - started >= 1000, 'the logout waited for the confirmation, then for the lease');
    const res = await me(reader, second.accessToken);
    t.is(res.statusCode, 401, 'the deaf holder no longer trusts its copy');
    t.is(res.json().error.code, 'SESSION_REVOKED');
  } finally {
    watch.sub.stream.resume();
  }
});

test.serial('a change with every holder listening answers without waiting out any lease', async (t) => {
  const user = await given.account(writer);
  const first = await given.login(writer, user);
  const second = await given.login(writer, user);
  await warm(reader, second.accessToken);
  const evicted = writer.app.deps.callerStamps.counts.evicted;
  const out = await writer.app.inject({
    method: 'POST',
    url: '/auth/logout-all',
    headers: { authorization: `Bearer ${first.accessToken}` },
  });
  t.is(out.statusCode, 204);
  t.is(writer.app.deps.callerStamps.counts.evicted, evicted, 'every holder confirmed');
  t.is((await me(reader, second.accessToken)).statusCode, 401);
});

type Watched = { watch: { sub: { stream: NodeJS.ReadableStream & { localPort?: number } } } };

test.serial('a message of another shape on the change channel drops the copy and crashes nothing', async (t) => {
  const user = await given.account(writer);
  const session = await given.login(writer, user);
  await warm(reader, session.accessToken);
  await writer.app.redis.publish(`${writer.config.REDIS_PREFIX}:caller:changed`, 'not|a|change|at all');
  await writer.app.redis.publish(`${writer.config.REDIS_PREFIX}:caller:changed`, 'garbage');
  await new Promise((r) => setTimeout(r, 100));
  const before = reader.app.deps.callerStamps.counts.hits;
  t.is((await me(reader, session.accessToken)).statusCode, 200);
  t.is(reader.app.deps.callerStamps.counts.hits, before, 'read from Redis again: the copy was dropped');
});

test.serial('stamps lost with Redis (a restart, a failover) never let a revoked session through', async (t) => {
  const user = await given.account(writer);
  const session = await given.login(writer, user);
  await warm(reader, session.accessToken);
  // The session ends in the database, and the stamps that said so are lost: Redis came back empty.
  await writer.orm.em
    .fork()
    .getConnection()
    .execute(`update auth_sessions set revoked_at = now() where family_id = ?`, [session.familyId]);
  const prefix = writer.config.REDIS_PREFIX;
  await writer.app.redis.del(`${prefix}:caller:u:${user.id}`, `${prefix}:caller:all`);
  // Every connection to the restarted Redis was cut, the reader's subscription among them.
  const port = (reader.app.deps.callerStamps as unknown as Watched).watch.sub.stream.localPort;
  await writer.app.redis.client('KILL', 'ADDR', `127.0.0.1:${port}`);
  await new Promise((r) => setTimeout(r, 100));
  const res = await me(reader, session.accessToken);
  t.is(res.statusCode, 401, 'the cached caller was dropped with the copy, and a missing stamp matches nothing');
  t.is(res.json().error.code, 'SESSION_REVOKED');
});

test.serial(
  'an older stamp that Redis brings back after a change (a failover that lost it) matches nothing',
  async (t) => {
    const user = await given.account(writer);
    const first = await given.login(writer, user);
    const second = await given.login(writer, user);
    await warm(reader, second.accessToken);
    const key = `${writer.config.REDIS_PREFIX}:caller:u:${user.id}`;
    const before = await writer.app.redis.get(key);
    t.truthy(before);
    const out = await writer.app.inject({
      method: 'POST',
      url: '/auth/logout-all',
      headers: { authorization: `Bearer ${first.accessToken}` },
    });
    t.is(out.statusCode, 204);
    // The replica promoted after the change never had the new stamp: the old one is back.
    await writer.app.redis.set(key, String(before), 'EX', 60);
    const res = await me(reader, second.accessToken);
    t.is(res.statusCode, 401, 'the caller cached against the old stamp was dropped with the change');
  },
);

test.serial('a web process that shuts down leaves the holders, so no later change waits for it', async (t) => {
  const leaving = await anotherProcess(writer);
  const key = `${writer.config.REDIS_PREFIX}:caller:holders`;
  const holders = async () => writer.app.redis.zrange(key, 0, -1);
  for (let i = 0; i < 50 && (await holders()).length < 3; i++) await new Promise((r) => setTimeout(r, 20));
  t.is((await holders()).length, 3, 'writer, reader and the new process hold leases');
  await leaving.close();
  t.is((await holders()).length, 2);
});
