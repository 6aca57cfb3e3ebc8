import test, { type ExecutionContext } from 'ava';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn, unique } from '../../helpers/db.js';
import { expectData, expectValidation } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { createUser } from '../../helpers/through-api.js';

/** GET /users and GET /users/{id} for a caller of scope all: paging, filters, search, sort, parameter validation. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

type Listed = { id: string; email: string };
const ids = (list: Listed[]) => list.map((u) => u.id);

/** GET /users?{query}&limit={limit}, following nextCursor to the end; every page answers 200 with at most `limit` users. */
async function allPages(t: ExecutionContext, query: string, limit: number) {
  const users: Listed[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await api
      .as(admin)
      .get(`/users?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const data = expectData<Listed[]>(t, res);
    t.is(res.json().meta.page.limit, limit);
    t.true(data.length <= limit);
    users.push(...data);
    cursor = res.json().meta.page.nextCursor;
    pages++;
  } while (cursor && pages < 10);
  return { users, pages };
}

test('GET /users pages with limit and nextCursor, every user exactly once', async (t) => {
  const token = unique();
  const created = [];
  for (let i = 0; i < 5; i++) created.push(await createUser(api.as(admin), { name: `Pager ${token} ${i}` }));
  const { users, pages } = await allPages(t, `q=${token}`, 2);
  t.is(pages, 3);
  t.is(new Set(ids(users)).size, users.length, 'no user appears twice');
  // Default sort is -createdAt: newest first.
  t.deepEqual(ids(users), ids(created).reverse());
});

test('users created in one transaction (same createdAt) are all listed across pages', async (t) => {
  const token = unique();
  await sqlOn(stack)(
    `insert into users (id, email, name, status) select gen_random_uuid(), 'bulk-' || g || '-${token}@example.test', 'Bulk ${token} ' || g, 'active' from generate_series(1, 5) g`,
  );
  const { users } = await allPages(t, `q=${token}`, 2);
  t.is(users.length, 5);
  t.is(new Set(ids(users)).size, 5);
});

test('a tampered cursor answers 400 on query.cursor', async (t) => {
  const token = unique();
  for (let i = 0; i < 2; i++) await given.account(stack, { name: `Tamper ${token} ${i}` });
  const cursor: string = (await api.as(admin).get(`/users?q=${token}&limit=1`)).json().meta.page.nextCursor;
  t.truthy(cursor);
  const [payload, signature] = cursor.split('.');
  const forged = Buffer.from(
    JSON.stringify({
      ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
      v: ['2000-01-01T00:00:00.000Z', uuidv7()],
    }),
  ).toString('base64url');
  expectValidation(t, await api.as(admin).get(`/users?q=${token}&limit=1&cursor=${forged}.${signature}`), [
    'query.cursor',
  ]);
});

test('GET /users?status= lists only users in that status', async (t) => {
  const token = unique();
  const active = await given.account(stack, { name: `Status ${token} a`, status: 'active' });
  const suspended = await given.account(stack, { name: `Status ${token} s`, status: 'suspended' });
  t.deepEqual(ids(expectData(t, await api.as(admin).get(`/users?q=${token}&status=suspended`))), [suspended.id]);
  t.not(active.id, suspended.id);
});

test('GET /users?q= matches a case-insensitive substring of the email or of the name', async (t) => {
  const token = unique();
  const byName = await given.account(stack, { name: `Achieng ${token.toUpperCase()} Otieno` });
  const byEmail = await given.account(stack, { email: `mail-${token}@Example.test`, name: 'Someone Else' });
  await given.account(stack, { name: 'Not Matching At All' });
  const found = expectData(t, await api.as(admin).get(`/users?q=${token.slice(2, 10).toUpperCase()}`));
  t.deepEqual(ids(found).sort(), [byName.id, byEmail.id].sort());
});

test('q treats % and _ literally', async (t) => {
  const token = unique();
  await given.account(stack, { name: `Literal ${token}` });
  t.deepEqual(expectData(t, await api.as(admin).get(`/users?q=${encodeURIComponent(`${token.slice(0, 4)}%`)}`)), []);
});

test('sort=email orders by email and keeps paging consistent', async (t) => {
  const token = unique();
  const emails = ['c', 'A', 'b', 'D'].map((p) => `${p}-${token}@example.test`);
  for (const email of emails) await given.account(stack, { email, name: `Sorted ${token}` });
  const seen = (await allPages(t, `q=${token}&sort=email`, 3)).users.map((u) => u.email);
  t.deepEqual(
    seen,
    [...emails].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
  );
  const desc = expectData<Listed[]>(t, await api.as(admin).get(`/users?q=${token}&sort=-email`));
  t.deepEqual(
    desc.map((u) => u.email),
    [...seen].reverse(),
  );
});

test('sort on a field that is not whitelisted (password) answers 400 on query.sort', async (t) => {
  expectValidation(t, await api.as(admin).get('/users?sort=password'), ['query.sort.0']);
});

test('status=bogus answers 400 on query.status', async (t) => {
  expectValidation(t, await api.as(admin).get('/users?status=bogus'), ['query.status']);
});

test('limit outside 1..100 answers 400 on query.limit', async (t) => {
  for (const limit of [0, 101])
    expectValidation(t, await api.as(admin).get(`/users?limit=${limit}`), ['query.limit'], String(limit));
});

test('a user id that is not a uuid answers 400 on params.id', async (t) => {
  expectValidation(t, await api.as(admin).get('/users/not-a-uuid'), ['params.id']);
});

test('a cursor issued by another list answers 400 on query.cursor, never 500, even for the same sort', async (t) => {
  const token = unique();
  for (let i = 0; i < 2; i++)
    await api.as(admin).post(`/catastrophe-events/EV-${token}-${i}`, {
      name: `Event ${token} ${i}`,
      peril: 'flood',
      region: 'Kisumu',
      startsOn: '2026-11-02',
    });
  // Same sort text on both lists, but its key holds a text id where /users compares a uuid.
  const cursor: string = (await api.as(admin).get('/catastrophe-events?limit=1&sort=-createdAt')).json().meta.page
    .nextCursor;
  t.truthy(cursor);
  expectValidation(t, await api.as(admin).get(`/users?limit=1&sort=-createdAt&cursor=${cursor}`), ['query.cursor']);
});

test('a genuine cursor with anything appended answers 400 on query.cursor', async (t) => {
  const token = unique();
  for (let i = 0; i < 2; i++) await given.account(stack, { name: `Appended ${token} ${i}` });
  const cursor: string = (await api.as(admin).get(`/users?q=${token}&limit=1`)).json().meta.page.nextCursor;
  expectData(
    t,
    await api.as(admin).get(`/users?q=${token}&limit=1&cursor=${cursor}`),
    200,
    'the cursor as issued works',
  );
  for (const suffix of ['.x', '.', 'x']) {
    expectValidation(t, await api.as(admin).get(`/users?q=${token}&limit=1&cursor=${cursor}${suffix}`), [
      'query.cursor',
    ]);
  }
});
