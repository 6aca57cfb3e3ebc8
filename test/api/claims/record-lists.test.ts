import test, { type ExecutionContext } from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { fileClaim } from '../../helpers/claims.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/**
 * A claim's notes, payments, documents and history are paged lists, and GET /claims/{id} embeds only the
 * latest 20 of each with how many there are: a claim with a thousand notes costs a reader no more than
 * one with twenty.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

/** An agent's claim with `shared` shared notes (by the agent) and `internal` internal ones (by the admin). */
async function claimWithNotes(t: ExecutionContext, shared: number, internal = 0) {
  const agent = await given.user(stack, { roles: ['agent'] });
  const claim = await fileClaim(api.as(agent), (await given.policy(stack, { agentId: agent.id })).id);
  for (let i = 0; i < shared; i++)
    expectData(t, await api.as(agent).post(`/claims/${claim.id}/notes`, { body: `shared ${i}` }), 201);
  for (let i = 0; i < internal; i++)
    expectData(t, await api.as(admin).post(`/claims/${claim.id}/notes`, { body: `internal ${i}` }), 201);
  return { agent, claim };
}
/** Every item of a list, page by page (`limit` a page), and the pages it took. */
async function everyPage(as: Parameters<typeof api.as>[0], path: string, limit: number) {
  const items: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await api.as(as).get(`${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const body = res.json();
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    items.push(...body.data);
    cursor = body.meta.page.nextCursor;
    pages++;
  } while (cursor);
  return { items, pages };
}

test('a claim embeds its latest 20 notes and history entries, oldest first, with how many there are', async (t) => {
  const { agent, claim } = await claimWithNotes(t, 25);
  const detail = expectData(t, await api.as(agent).get(`/claims/${claim.id}`));
  t.is(detail.notes.length, 20);
  t.deepEqual(
    detail.notes.map((n: any) => n.body),
    Array.from({ length: 20 }, (_, i) => `shared ${i + 5}`),
  );
  t.is(detail.history.length, 20);
  t.is(detail.history.at(-1).type, 'claim.note_added');
  // Filed, then 25 notes.
  t.like(detail.counts, { notes: 25, payments: 0, documents: 0, history: 26 });
});

test('GET /claims/{id}/notes and /history page through every record, oldest first', async (t) => {
  const { agent, claim } = await claimWithNotes(t, 25);
  const notes = await everyPage(agent, `/claims/${claim.id}/notes`, 10);
  t.is(notes.pages, 3);
  t.deepEqual(
    notes.items.map((n) => n.body),
    Array.from({ length: 25 }, (_, i) => `shared ${i}`),
  );
  const history = await everyPage(agent, `/claims/${claim.id}/history`, 10);
  t.is(history.items.length, 26);
  t.is(history.items[0].type, 'claim.filed');
});

test("an agent's counts and lists hold the shared notes only; staff see every note", async (t) => {
  const { agent, claim } = await claimWithNotes(t, 2, 3);
  const forAgent = expectData(t, await api.as(agent).get(`/claims/${claim.id}`));
  t.is(forAgent.counts.notes, 2);
  t.is(forAgent.counts.history, 3);
  t.is((await everyPage(agent, `/claims/${claim.id}/notes`, 50)).items.length, 2);
  t.is((await everyPage(agent, `/claims/${claim.id}/history`, 50)).items.length, 3);
  const forStaff = expectData(t, await api.as(admin).get(`/claims/${claim.id}`));
  t.like(forStaff.counts, { notes: 5, history: 6 });
  t.is((await everyPage(admin, `/claims/${claim.id}/notes`, 50)).items.length, 5);
});

test("another agent's claim has no records to list: 404 for each list, as for a missing claim", async (t) => {
  const { claim } = await claimWithNotes(t, 1);
  const stranger = await given.user(stack, { roles: ['agent'] });
  for (const records of ['notes', 'payments', 'documents', 'history']) {
    expectError(t, await api.as(stranger).get(`/claims/${claim.id}/${records}`), 404, 'NOT_FOUND');
    expectError(t, await api.as(admin).get(`/claims/${crypto.randomUUID()}/${records}`), 404, 'NOT_FOUND');
  }
});

test('payments and documents are listed too, and a cursor of one list is refused by another', async (t) => {
  const { claim } = await claimWithNotes(t, 0);
  const payments = expectData(t, await api.as(admin).get(`/claims/${claim.id}/payments`));
  const documents = expectData(t, await api.as(admin).get(`/claims/${claim.id}/documents`));
  t.deepEqual([payments, documents], [[], []]);
  const { agent, claim: busy } = await claimWithNotes(t, 3);
  const first = (await api.as(agent).get(`/claims/${busy.id}/notes?limit=1`)).json();
  const cursor = encodeURIComponent(first.meta.page.nextCursor);
  expectError(t, await api.as(agent).get(`/claims/${busy.id}/history?cursor=${cursor}`), 400, 'VALIDATION_ERROR');
});
