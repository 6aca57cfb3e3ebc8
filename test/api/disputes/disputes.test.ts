import test, { type ExecutionContext } from 'ava';
import { fileClaim } from '../../helpers/claims.js';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation, like } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Disputes: raising one, who sees it, and every row of its table. */
let stack: Stack;
let api: Api;
let admin: SignedIn;
let agent: SignedIn;
let other: SignedIn;
const agentPerms = ['dispute:read', 'dispute:raise', 'dispute:withdraw', 'claim:read', 'claim:file'];
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  admin = await given.admin(stack);
  agent = await given.user(stack, { permissions: agentPerms });
  other = await given.user(stack, { permissions: agentPerms });
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const raise = async (t: ExecutionContext, who: SignedIn, extra: Record<string, unknown> = {}) =>
  expectData(
    t,
    await api.as(who).post('/disputes', {
      subjectType: 'commission',
      subjectId: 'COMM-2026-0042',
      reason: 'Commission short by 10%',
      ...extra,
    }),
    201,
  );

test('raising answers 201 with an open dispute, numbered, due eight weeks later', async (t) => {
  const before = Date.now();
  const dispute = await raise(t, agent);
  t.like(dispute, {
    status: 'open',
    subjectType: 'commission',
    subjectId: 'COMM-2026-0042',
    raisedBy: agent.id,
    severity: null,
  });
  t.regex(dispute.disputeNumber, /^DSP-\d{4}-\d{6}$/);
  const due = Date.parse(dispute.responseDueAt) - before;
  t.true(Math.abs(due - 56 * 86_400_000) < 60_000, 'eight weeks');
});

test("a claim dispute needs a claim the raiser can see: another agent's claim or no claim at all is 404", async (t) => {
  const mine = await fileClaim(api.as(agent), (await given.policy(stack, { agentId: agent.id })).id);
  const theirs = await fileClaim(api.as(other), (await given.policy(stack, { agentId: other.id })).id);
  t.is((await raise(t, agent, { subjectType: 'claim', subjectId: mine.id })).subjectId, mine.id);
  for (const subjectId of [theirs.id, '01900000-0000-7000-8000-000000000000', 'not-a-uuid'])
    expectError(
      t,
      await api.as(agent).post('/disputes', { subjectType: 'claim', subjectId, reason: 'x' }),
      404,
      'NOT_FOUND',
      undefined,
      subjectId,
    );
  expectValidation(t, await api.as(agent).post('/disputes', { subjectType: 'policy', subjectId: 'x', reason: 'x' }), [
    'body.subjectType',
  ]);
});

test('a dispute is visible to its raiser and to scope all only: others get 404 and lists never show it', async (t) => {
  const dispute = await raise(t, agent);
  expectData(t, await api.as(agent).get(`/disputes/${dispute.id}`));
  expectData(t, await api.as(admin).get(`/disputes/${dispute.id}`));
  expectError(t, await api.as(other).get(`/disputes/${dispute.id}`), 404, 'NOT_FOUND');
  expectError(
    t,
    await api.as(other).post(`/disputes/${dispute.id}/withdraw`, { reason: 'not mine' }),
    404,
    'NOT_FOUND',
  );
  t.false(expectData(t, await api.as(other).get('/disputes?limit=100')).some((d: any) => d.id === dispute.id));
  t.true(expectData(t, await api.as(agent).get('/disputes?limit=100')).every((d: any) => d.raisedBy === agent.id));
  // An insurer's staff member is not scope all: only their own.
  const staff = await given.user(stack, { permissions: agentPerms, insurerId: 'insurer-a' });
  expectError(t, await api.as(staff).get(`/disputes/${dispute.id}`), 404, 'NOT_FOUND');
});

test('triage, resolve (upheld, rejected, escalated; escalated only to upheld or rejected) and withdraw follow the table', async (t) => {
  const handler = await given.user(stack, { permissions: ['dispute:read'] });
  const go = (id: string, action: string, body: unknown) => api.as(admin).post(`/disputes/${id}/${action}`, body);
  const triage = { severity: 'high', assigneeId: handler.id, note: 'Check the commission run' };
  for (const outcome of ['upheld', 'rejected'] as const) {
    const d = await raise(t, agent);
    t.like(expectData(t, await go(d.id, 'triage', triage)), {
      status: 'triaged',
      severity: 'high',
      assigneeId: handler.id,
    });
    t.like(expectData(t, await go(d.id, 'resolve', { outcome, resolution: 'Reviewed' })), {
      status: outcome,
      outcome,
      resolution: 'Reviewed',
    });
    expectError(t, await go(d.id, 'withdraw', { reason: 'late' }), 422, 'INVALID_TRANSITION', {
      from: outcome,
      action: 'withdraw',
      allowedFrom: ['open', 'triaged'],
    });
    expectError(
      t,
      await go(d.id, 'resolve', { outcome: 'upheld', resolution: 'again' }),
      422,
      'INVALID_TRANSITION',
      like({ from: outcome }),
    );
  }
  const escalated = await raise(t, agent);
  expectError(t, await go(escalated.id, 'resolve', { outcome: 'upheld', resolution: 'x' }), 422, 'INVALID_TRANSITION', {
    from: 'open',
    action: 'resolve',
    allowedFrom: ['triaged', 'escalated'],
  });
  expectData(t, await go(escalated.id, 'triage', { severity: 'critical' }));
  t.is(
    expectData(t, await go(escalated.id, 'resolve', { outcome: 'escalated', resolution: 'To the ombudsman' })).status,
    'escalated',
  );
  expectError(
    t,
    await go(escalated.id, 'resolve', { outcome: 'escalated', resolution: 'again' }),
    422,
    'INVALID_TRANSITION',
    like({ from: 'escalated' }),
  );
  expectError(t, await go(escalated.id, 'triage', { severity: 'low' }), 422, 'INVALID_TRANSITION', {
    from: 'escalated',
    action: 'triage',
    allowedFrom: ['open'],
  });
  t.is(
    expectData(t, await go(escalated.id, 'resolve', { outcome: 'rejected', resolution: 'Ombudsman agreed with us' }))
      .status,
    'rejected',
  );
  // The raiser withdraws while open or triaged.
  const open = await raise(t, agent);
  t.like(expectData(t, await api.as(agent).post(`/disputes/${open.id}/withdraw`, { reason: 'Paid after all' })), {
    status: 'withdrawn',
    withdrawReason: 'Paid after all',
  });
  const triaged = await raise(t, agent);
  expectData(t, await go(triaged.id, 'triage', { severity: 'low' }));
  t.is(
    expectData(t, await api.as(agent).post(`/disputes/${triaged.id}/withdraw`, { reason: 'ok' })).status,
    'withdrawn',
  );
  expectError(
    t,
    await go(triaged.id, 'triage', { severity: 'low' }),
    422,
    'INVALID_TRANSITION',
    like({ from: 'withdrawn' }),
  );
  const bad = await raise(t, agent);
  expectError(
    t,
    await go(bad.id, 'triage', { severity: 'low', assigneeId: '01900000-0000-7000-8000-000000000000' }),
    422,
    'INVARIANT_VIOLATION',
  );
});

test('the list filters by status, subject type and id, searches number and reason, and pages', async (t) => {
  const raiser = await given.user(stack, { permissions: agentPerms });
  const a = await raise(t, raiser, { subjectType: 'payment', subjectId: 'PAY-1', reason: 'Paid twice' });
  const b = await raise(t, raiser, { subjectType: 'referral', subjectId: 'REF-9', reason: 'Referral not credited' });
  expectData(t, await api.as(raiser).post(`/disputes/${b.id}/withdraw`, { reason: 'x' }));
  const ids = async (query: string) =>
    expectData(t, await api.as(raiser).get(`/disputes?${query}`))
      .map((d: any) => d.id)
      .sort();
  t.deepEqual(await ids('status=withdrawn'), [b.id]);
  t.deepEqual(await ids('subjectType=payment&subjectId=PAY-1'), [a.id]);
  t.deepEqual(await ids('q=CREDITED'), [b.id]);
  t.deepEqual(await ids(`q=${a.disputeNumber}`), [a.id]);
  const first = await api.as(raiser).get('/disputes?limit=1&sort=disputeNumber');
  const second = await api
    .as(raiser)
    .get(`/disputes?limit=1&sort=disputeNumber&cursor=${first.json().meta.page.nextCursor}`);
  t.deepEqual(
    [...expectData(t, first), ...expectData(t, second)].map((d: any) => d.id),
    [a.id, b.id],
  );
  expectValidation(t, await api.as(raiser).get('/disputes?subjectType=policy'), ['query.subjectType']);
});

test('each action needs its permission', async (t) => {
  const d = await raise(t, agent);
  const reader = await given.user(stack, { permissions: ['dispute:read', 'data:scope:all'] });
  expectError(t, await api.as(reader).post(`/disputes/${d.id}/triage`, { severity: 'low' }), 403, 'FORBIDDEN', {
    missingPermissions: ['dispute:triage'],
  });
  expectError(
    t,
    await api.as(reader).post(`/disputes/${d.id}/resolve`, { outcome: 'upheld', resolution: 'x' }),
    403,
    'FORBIDDEN',
    { missingPermissions: ['dispute:resolve'] },
  );
  expectError(t, await api.as(reader).post(`/disputes/${d.id}/withdraw`, { reason: 'x' }), 403, 'FORBIDDEN', {
    missingPermissions: ['dispute:withdraw'],
  });
  expectError(
    t,
    await api.as(reader).post('/disputes', { subjectType: 'payment', subjectId: 'x', reason: 'x' }),
    403,
    'FORBIDDEN',
    { missingPermissions: ['dispute:raise'] },
  );
  const [{ n }] = await sql(
    `select count(*)::int as n from audit_entries where subject_id = ? and action = 'dispute.raise'`,
    [d.id],
  );
  t.is(n, 1);
});

test('two resolutions of one dispute at once: exactly one wins, the other answers 422, one audit entry', async (t) => {
  const d = await raise(t, agent);
  expectData(t, await api.as(admin).post(`/disputes/${d.id}/triage`, { severity: 'medium' }));
  const [a, b] = await Promise.all(
    (['upheld', 'rejected'] as const).map((outcome) =>
      api.as(admin).post(`/disputes/${d.id}/resolve`, { outcome, resolution: `Decided ${outcome}` }),
    ),
  );
  t.deepEqual([a.statusCode, b.statusCode].sort(), [200, 422]);
  const winner = (a.statusCode === 200 ? a : b).json().data;
  const loser = a.statusCode === 200 ? b : a;
  t.is(loser.json().error.code, 'INVALID_TRANSITION');
  t.like(expectData(t, await api.as(admin).get(`/disputes/${d.id}`)), { status: winner.status });
  const [{ n }] = await sql(
    `select count(*)::int as n from audit_entries where subject_id = ? and action = 'dispute.resolve'`,
    [d.id],
  );
  t.is(n, 1);
});

test('triage racing the raiser’s withdrawal: they apply one after the other, never half-applied or lost', async (t) => {
  const d = await raise(t, agent);
  const [triage, withdraw] = await Promise.all([
    api.as(admin).post(`/disputes/${d.id}/triage`, { severity: 'low' }),
    api.as(agent).post(`/disputes/${d.id}/withdraw`, { reason: 'Sorted out' }),
  ]);
  const codes = [triage.statusCode, withdraw.statusCode];
  t.true(codes.includes(200), `one wins: ${codes}`);
  const final = expectData(t, await api.as(admin).get(`/disputes/${d.id}`));
  if (withdraw.statusCode === 200 && triage.statusCode === 422) t.is(final.status, 'withdrawn');
  else if (triage.statusCode === 200 && withdraw.statusCode === 200) {
    // Triage first, then withdrawal from triaged: both allowed in that order.
    t.is(final.status, 'withdrawn');
    t.is(final.severity, 'low');
  } else {
    t.is(triage.statusCode, 200);
    t.is(final.status, 'triaged');
  }
  const actions = (await sql(`select action from audit_entries where subject_id = ? order by commit_seq`, [d.id])).map(
    (r) => (r as { action: string }).action,
  );
  t.deepEqual(
    actions.filter((a) => a !== 'dispute.raise'),
    [triage, withdraw].filter((r) => r.statusCode === 200).length === 2
      ? ['dispute.triage', 'dispute.withdraw']
      : [triage.statusCode === 200 ? 'dispute.triage' : 'dispute.withdraw'],
  );
});

test('a caller of scope all withdraws a dispute raised by someone else, audited as theirs', async (t) => {
  const d = await raise(t, agent);
  const res = await api.as(admin).post(`/disputes/${d.id}/withdraw`, { reason: 'Raised in error' });
  t.is(expectData(t, res).status, 'withdrawn');
  t.deepEqual(
    await sql(`select actor, request_id from audit_entries where subject_id = ? and action = 'dispute.withdraw'`, [
      d.id,
    ]),
    [{ actor: admin.id, request_id: res.headers['x-request-id'] }],
  );
});

test('the raiser of a dispute cannot triage or resolve it, whatever they hold: 403, and nothing changes', async (t) => {
  const handlerWhoRaises = await given.user(stack, {
    permissions: [...agentPerms, 'dispute:triage', 'dispute:resolve', 'data:scope:all'],
  });
  const own = await raise(t, handlerWhoRaises);
  expectError(
    t,
    await api.as(handlerWhoRaises).post(`/disputes/${own.id}/triage`, { severity: 'low' }),
    403,
    'FORBIDDEN',
  );
  expectData(t, await api.as(admin).post(`/disputes/${own.id}/triage`, { severity: 'low' }));
  expectError(
    t,
    await api.as(handlerWhoRaises).post(`/disputes/${own.id}/resolve`, { outcome: 'upheld', resolution: 'mine' }),
    403,
    'FORBIDDEN',
  );
  t.is(expectData(t, await api.as(admin).get(`/disputes/${own.id}`)).status, 'triaged');
  // Another's dispute they handle as usual.
  const theirs = await raise(t, agent);
  expectData(t, await api.as(handlerWhoRaises).post(`/disputes/${theirs.id}/triage`, { severity: 'high' }));
});
