import test from 'ava';
import { BACKFILL_NOTE_EVENTS } from '../../../shared/db/migrations/Migration20261125000300_four_eyes_note_visibility.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { fileClaim } from '../../helpers/claims.js';
import { sqlOn, unique } from '../../helpers/db.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';

/** Claim notes are internal (staff only) or shared (also the policy's agent); an agent never meets an internal one. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);

/** An agent's claim with an internal and a shared note written by the admin. */
async function claimWithNotes() {
  const agent = await given.user(stack, { roles: ['agent'] });
  const policy = await given.policy(stack, { agentId: agent.id });
  const claim = await fileClaim(api.as(agent), policy.id);
  const secret = `Suspected fraud ${unique()}`;
  const note = async (body: string, visibility?: string) =>
    (await api.as(admin).post(`/claims/${claim.id}/notes`, { body, ...(visibility ? { visibility } : {}) })).json()
      .data;
  const internal = await note(secret);
  const shared = await note('Assessor visits on Monday', 'shared');
  return { agent, policy, claim, internal, shared, secret };
}
const noteIds = (detail: any) => detail.notes.map((n: any) => n.id);
const noteEvents = (detail: any) =>
  detail.history.filter((h: any) => h.type === 'claim.note_added').map((h: any) => h.data.noteId);

test('staff write internal notes unless they say shared, and see both in the claim and its history', async (t) => {
  const { claim, internal, shared } = await claimWithNotes();
  t.like(internal, { visibility: 'internal', author: admin.id });
  t.is(shared.visibility, 'shared');
  const detail = expectData(t, await api.as(admin).get(`/claims/${claim.id}`));
  t.deepEqual(noteIds(detail), [internal.id, shared.id]);
  t.deepEqual(noteEvents(detail), [internal.id, shared.id]);
});

test('an agent sees only shared notes: in GET /claims/{id}, in its history and in the claim an action answers with', async (t) => {
  const { agent, claim, shared } = await claimWithNotes();
  const detail = expectData(t, await api.as(agent).get(`/claims/${claim.id}`));
  t.deepEqual(noteIds(detail), [shared.id]);
  t.deepEqual(noteEvents(detail), [shared.id]);
  const withdrawn = expectData(t, await api.as(agent).post(`/claims/${claim.id}/withdraw`, { reason: 'sorted' }));
  t.deepEqual(noteIds(withdrawn), [shared.id]);
  t.deepEqual(noteEvents(withdrawn), [shared.id]);
});

test("an internal note's text, id and count reach an agent nowhere: claim, history, claim list, policy timeline", async (t) => {
  const { agent, policy, claim, internal, secret } = await claimWithNotes();
  const seen = [
    await api.as(agent).get(`/claims/${claim.id}`),
    await api.as(agent).get(`/claims?policyId=${policy.id}`),
    await api.as(agent).get(`/policies/${policy.id}/timeline`),
    await api.as(agent).post(`/claims/${claim.id}/notes`, { body: 'My own note' }),
  ];
  for (const res of seen) {
    t.true(res.statusCode < 300, res.body);
    t.false(res.body.includes(secret), res.body);
    t.false(res.body.includes(internal.id), res.body);
  }
  t.is(seen[0].json().data.notes.length, 1, 'the shared note, and nothing in place of the internal one');
  // What the agent was kept from is there for staff.
  t.true((await api.as(admin).get(`/claims/${claim.id}`)).body.includes(secret));
});

test("an agent's note is shared unless said; asking for internal answers 403 FORBIDDEN and writes nothing", async (t) => {
  const { agent, claim } = await claimWithNotes();
  const url = `/claims/${claim.id}/notes`;
  t.like(expectData(t, await api.as(agent).post(url, { body: 'Photos attached' }), 201), {
    visibility: 'shared',
    author: agent.id,
  });
  expectData(t, await api.as(agent).post(url, { body: 'Said so', visibility: 'shared' }), 201);
  expectError(t, await api.as(agent).post(url, { body: 'Only for staff', visibility: 'internal' }), 403, 'FORBIDDEN', {
    reason: 'shared_notes_only',
  });
  const [{ n }] = await sql(`select count(*)::int as n from claim_notes where claim_id = ? and author = ?`, [
    claim.id,
    agent.id,
  ]);
  t.is(n, 2);
});

test('the policy timeline shows an agent no event marked internal; staff see it', async (t) => {
  const { agent, policy } = await claimWithNotes();
  const marker = `internal-${unique()}`;
  await sql(
    `insert into domain_events (stream_type, stream_id, type, subject_type, subject_id, actor, data)
     values ('policy', ?, 'policy.reviewed', 'policy', ?, ?, ?::jsonb)`,
    [policy.id, policy.id, admin.id, JSON.stringify({ visibility: 'internal', marker })],
  );
  const types = async (who: SignedIn) =>
    expectData(t, await api.as(who).get(`/policies/${policy.id}/timeline`)).map((e: any) => e.type);
  t.true((await types(admin)).includes('policy.reviewed'));
  t.false((await types(agent)).includes('policy.reviewed'));
});

test('history events of notes written before notes had a visibility count as internal', async (t) => {
  const { agent, claim } = await claimWithNotes();
  const oldNote = crypto.randomUUID();
  await sql(
    `insert into domain_events (stream_type, stream_id, type, subject_type, subject_id, actor, data)
     values ('claim', ?, 'claim.note_added', 'claim', ?, ?, ?::jsonb)`,
    [claim.id, claim.id, admin.id, JSON.stringify({ noteId: oldNote })],
  );
  await sql(BACKFILL_NOTE_EVENTS);
  t.false(noteEvents(expectData(t, await api.as(agent).get(`/claims/${claim.id}`))).includes(oldNote));
  t.true(noteEvents(expectData(t, await api.as(admin).get(`/claims/${claim.id}`))).includes(oldNote));
});
