import test from 'ava';
import { type AdminStack, withAdminStack } from '../helpers/admin-stack.js';
import { fileClaim } from '../helpers/claims.js';
import { expectData, expectValidation } from '../helpers/expect.js';
import { given } from '../helpers/given.js';
import { createUser } from '../helpers/through-api.js';

/** Incremental sync: every list takes `updatedSince`, and a record's change time moves with every change. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

/** A time strictly after everything written so far, as the database's clock has it. */
async function now(): Promise<string> {
  await new Promise((r) => setTimeout(r, 5));
  const [{ t }] = await stack.orm.em
    .fork()
    .execute(`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as t`);
  await new Promise((r) => setTimeout(r, 5));
  return t;
}
const ids = (items: { id: string }[]) => items.map((i) => i.id);

test('every paged list of the document takes updatedSince, an ISO time', async (t) => {
  const doc = (await stack.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  let lists = 0;
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    const params: any[] = item.get?.parameters ?? [];
    if (!params.some((p) => p.in === 'query' && p.name === 'cursor')) continue;
    lists++;
    const since = params.find((p) => p.in === 'query' && p.name === 'updatedSince');
    t.truthy(since, `${path} takes updatedSince`);
    t.is(since?.schema?.format, 'date-time', path);
  }
  t.true(lists >= 20, `${lists} paged lists`);
});

test('a list answers only the records changed at or after updatedSince; a change through the API moves its record in', async (t) => {
  const before = await createUser(api.as(admin));
  const changed = await createUser(api.as(admin));
  const since = await now();
  expectData(t, await api.as(admin).patch(`/users/${changed.id}`, { name: 'Changed Later' }));
  const listed = ids(expectData(t, await api.as(admin).get(`/users?limit=100&updatedSince=${since}`)));
  t.true(listed.includes(changed.id));
  t.false(listed.includes(before.id));
  t.deepEqual(expectData(t, await api.as(admin).get('/users?updatedSince=2999-01-01T00:00:00Z')), []);
});

test('a change written without the ORM (a typed query) moves the record too', async (t) => {
  const user = await createUser(api.as(admin));
  const since = await now();
  // What sign-in does to count a failed attempt: an UPDATE that does not name updated_at.
  await stack.orm.em
    .fork()
    .execute(`update users set failed_login_count = failed_login_count + 1 where id = ?`, [user.id]);
  t.true(ids(expectData(t, await api.as(admin).get(`/users?limit=100&updatedSince=${since}`))).includes(user.id));
});

test("a note moves its claim into the claims changed since; the claim's notes list holds only the new note", async (t) => {
  const agent = await given.user(stack, { roles: ['agent'] });
  const claim = await fileClaim(api.as(agent), (await given.policy(stack, { agentId: agent.id })).id);
  const quiet = await fileClaim(api.as(agent), (await given.policy(stack, { agentId: agent.id })).id);
  expectData(t, await api.as(agent).post(`/claims/${claim.id}/notes`, { body: 'first' }), 201);
  const since = await now();
  const note = expectData(t, await api.as(agent).post(`/claims/${claim.id}/notes`, { body: 'second' }), 201);
  const claims = ids(expectData(t, await api.as(admin).get(`/claims?limit=100&updatedSince=${since}`)));
  t.true(claims.includes(claim.id));
  t.false(claims.includes(quiet.id));
  const notes = expectData(t, await api.as(agent).get(`/claims/${claim.id}/notes?updatedSince=${since}`));
  t.deepEqual(ids(notes), [note.id]);
});

test('updatedSince that is not an ISO time answers 400 on its field', async (t) => {
  expectValidation(t, await api.as(admin).get('/users?updatedSince=yesterday'), ['query.updatedSince']);
  expectValidation(t, await api.as(admin).get('/roles?updatedSince=2024-13-45T00:00:00Z'), ['query.updatedSince']);
});

test('a UTC offset past 15:59 either way answers 400 on its field, never 500; 15:59 is an instant like any other', async (t) => {
  // PostgreSQL refuses offsets past 15:59 (RFC 3339's syntax allows 23:59): these passed validation and failed as 500.
  const at = (offset: string) => encodeURIComponent(`2024-01-01T00:00:00${offset}`);
  for (const url of ['/users', '/policies', '/claims', '/roles'])
    expectValidation(t, await api.as(admin).get(`${url}?updatedSince=${at('+16:00')}`), ['query.updatedSince'], url);
  expectValidation(t, await api.as(admin).get(`/audit?from=${at('+23:59')}`), ['query.from']);
  expectValidation(t, await api.as(admin).get(`/audit?to=${at('-16:00')}`), ['query.to']);
  expectData(t, await api.as(admin).get(`/users?updatedSince=${at('+15:59')}`));
  expectData(t, await api.as(admin).get(`/audit?from=${at('-15:59')}`));
});
