import test from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { expectData, expectError, expectValidation, missing } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { QUOTE, quote, requestQuote } from '../../helpers/quotations.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Quotations are scoped like policies; every permission of the endpoints; lists filter, search, sort and page. */
let stack: Stack;
let api: Api;
let admin: SignedIn;
let agentA: SignedIn;
let agentB: SignedIn;
let staffX: SignedIn;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  admin = await given.admin(stack);
  agentA = await given.user(stack, { roles: ['agent'] });
  agentB = await given.user(stack, { roles: ['agent'] });
  const insurerPerms = ['quotation:read', 'quotation:request', 'quotation:respond'];
  staffX = await given.user(stack, { permissions: insurerPerms, insurerId: 'insurer-x' });
});
test.after.always(async () => {
  await stack?.close();
});

test('a quotation outside the scope is 404 on every endpoint, and lists never show it', async (t) => {
  // Its own people: the other tests of this file run at the same time.
  const agentA = await given.user(stack, { roles: ['agent'] });
  const agentB = await given.user(stack, { roles: ['agent'] });
  const perms = ['quotation:read', 'quotation:request', 'quotation:respond'];
  const staffX = await given.user(stack, { permissions: perms, insurerId: 'scope-x' });
  const staffY = await given.user(stack, { permissions: perms, insurerId: 'scope-y' });
  const mine = await requestQuote(t, api.as(agentA), { insurerId: 'scope-y' });
  const theirs = await requestQuote(t, api.as(agentB), { insurerId: 'scope-x' });
  t.deepEqual(
    expectData(t, await api.as(agentA).get('/quotations')).map((q: any) => q.id),
    [mine.id],
  );
  t.deepEqual(
    expectData(t, await api.as(staffX).get('/quotations')).map((q: any) => q.id),
    [theirs.id],
  );
  for (const [who, q] of [
    [agentA, theirs],
    [staffX, mine],
  ] as const) {
    expectError(t, await api.as(who).get(`/quotations/${q.id}`), 404, 'NOT_FOUND');
    expectError(t, await api.as(who).post(`/quotations/${q.id}/accept`), 404, 'NOT_FOUND');
  }
  for (const q of [mine, theirs]) {
    const who = q.id === mine.id ? staffX : staffY;
    expectError(t, await api.as(who).post(`/quotations/${q.id}/respond`, QUOTE), 404, 'NOT_FOUND');
    expectError(t, await api.as(who).post(`/quotations/${q.id}/withdraw`), 404, 'NOT_FOUND');
  }
  // Nothing changed; each side acts on its own.
  await quote(t, api.as(staffY), mine.id);
  expectData(t, await api.as(agentA).post(`/quotations/${mine.id}/accept`));
  expectData(t, await api.as(staffX).post(`/quotations/${theirs.id}/withdraw`));
});

test("an insurer's staff request for their insurer (insurerId defaults to it) and not for another (403)", async (t) => {
  const q = await requestQuote(t, api.as(staffX), { agentId: agentA.id });
  t.like(q, { agentId: agentA.id, insurerId: 'insurer-x' });
  expectError(
    t,
    await api.as(staffX).post('/quotations', {
      agentId: agentA.id,
      insurerId: 'insurer-y',
      productCode: 'X',
      applicant: { name: 'A' },
      sumInsured: { amountMinor: 1, currency: 'KES' },
    }),
    403,
    'FORBIDDEN',
  );
  expectValidation(
    t,
    await api.as(staffX).post('/quotations', {
      productCode: 'X',
      applicant: { name: 'A' },
      sumInsured: { amountMinor: 1, currency: 'KES' },
    }),
    ['body.agentId'],
  );
});

test('a list filter naming another agent or insurer answers 403', async (t) => {
  expectError(t, await api.as(agentA).get(`/quotations?agentId=${agentB.id}`), 403, 'FORBIDDEN');
  expectError(t, await api.as(staffX).get('/quotations?insurerId=insurer-y'), 403, 'FORBIDDEN');
  expectData(t, await api.as(agentA).get(`/quotations?agentId=${agentA.id}`));
  expectData(t, await api.as(staffX).get('/quotations?insurerId=insurer-x'));
});

test('each endpoint requires its permission exactly: withdraw and respond quotation:respond, accept quotation:request', async (t) => {
  const q = await requestQuote(t, api.as(admin), { agentId: agentA.id, insurerId: 'insurer-x' });
  // An agent holds quotation:read and quotation:request, not quotation:respond.
  expectError(
    t,
    await api.as(agentA).post(`/quotations/${q.id}/respond`, QUOTE),
    403,
    'FORBIDDEN',
    missing('quotation:respond'),
  );
  expectError(
    t,
    await api.as(agentA).post(`/quotations/${q.id}/withdraw`),
    403,
    'FORBIDDEN',
    missing('quotation:respond'),
  );
  expectError(t, await api.as(agentA).post('/quotations/sweep/expire'), 403, 'FORBIDDEN', missing('quotation:expire'));
  const responder = await given.user(stack, { permissions: ['quotation:respond'] });
  expectError(t, await api.as(responder).get(`/quotations/${q.id}`), 403, 'FORBIDDEN', missing('quotation:read'));
  expectError(t, await api.as(responder).get('/quotations'), 403, 'FORBIDDEN', missing('quotation:read'));
  expectError(
    t,
    await api.as(responder).post(`/quotations/${q.id}/accept`),
    403,
    'FORBIDDEN',
    missing('quotation:request'),
  );
  expectError(
    t,
    await api.as(responder).post('/quotations', {
      productCode: 'X',
      applicant: { name: 'A' },
      sumInsured: { amountMinor: 1, currency: 'KES' },
    }),
    403,
    'FORBIDDEN',
    missing('quotation:request'),
  );
  expectError(t, await api.as(null).get('/quotations'), 401, 'UNAUTHENTICATED');
});

test('filters status, agentId and insurerId, q over number and applicant name, sorts and keyset pages', async (t) => {
  const agent = await given.account(stack);
  const name = `Applicant-${Date.now()}`;
  const made = [];
  for (let i = 0; i < 5; i++)
    made.push(
      await requestQuote(t, api.as(admin), {
        agentId: agent.id,
        insurerId: 'insurer-list',
        applicant: { name: `${name} ${i}` },
      }),
    );
  await quote(t, api.as(admin), made[1].id, { validUntil: '2099-01-02' });
  await quote(t, api.as(admin), made[3].id, { validUntil: '2099-01-01' });
  const ids = async (query: string) =>
    expectData(t, await api.as(admin).get(`/quotations?${query}`)).map((q: any) => q.id);
  const all = made.map((q) => q.id).reverse();
  t.deepEqual(await ids(`agentId=${agent.id}`), all);
  t.deepEqual(await ids('insurerId=insurer-list'), all);
  t.deepEqual(await ids(`agentId=${agent.id}&status=quoted`), [made[3].id, made[1].id]);
  t.deepEqual(await ids(`q=${name.toLowerCase()} 2`), [made[2].id]);
  t.deepEqual(await ids(`q=${made[4].quotationNumber.toLowerCase()}`), [made[4].id]);
  t.deepEqual(await ids(`agentId=${agent.id}&status=quoted&sort=validUntil`), [made[3].id, made[1].id]);
  t.deepEqual(
    await ids(`agentId=${agent.id}&sort=quotationNumber`),
    made.map((q) => q.id),
  );

  const first = await api.as(admin).get(`/quotations?agentId=${agent.id}&limit=2`);
  t.deepEqual(
    expectData(t, first).map((q: any) => q.id),
    all.slice(0, 2),
  );
  const cursor = first.json().meta.page.nextCursor;
  t.truthy(cursor);
  t.deepEqual(await ids(`agentId=${agent.id}&limit=2&cursor=${encodeURIComponent(cursor)}`), all.slice(2, 4));
  // Pages by validUntil: the requested ones (no validUntil yet) first, each quotation once.
  const seen: string[] = [];
  let next: string | undefined;
  do {
    const res = await api
      .as(admin)
      .get(
        `/quotations?agentId=${agent.id}&sort=validUntil&limit=2${next ? `&cursor=${encodeURIComponent(next)}` : ''}`,
      );
    seen.push(...expectData(t, res).map((q: any) => q.id));
    next = res.json().meta.page.nextCursor ?? undefined;
  } while (next);
  t.deepEqual(seen, [made[0].id, made[2].id, made[4].id, made[3].id, made[1].id]);
  expectValidation(t, await api.as(admin).get('/quotations?status=open'), ['query.status']);
  expectValidation(t, await api.as(admin).get('/quotations?sort=premium'), ['query.sort.0']);
});
