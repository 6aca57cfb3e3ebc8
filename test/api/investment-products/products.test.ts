import test, { type ExecutionContext } from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation, missing } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { type Stack, startStack } from '../../helpers/stack.js';

/** Investment products: create, list, get, PATCH with validation and the status table, permissions. */
let stack: Stack;
let api: Api;
let writer: SignedIn;
let reader: SignedIn;
let nobody: SignedIn;
test.before(async () => {
  stack = await startStack();
  api = client(stack.app);
  writer = await given.user(stack, { permissions: ['investment:product:read', 'investment:product:write'] });
  reader = await given.user(stack, { permissions: ['investment:product:read'], insurerId: 'insurer-a' });
  nobody = await given.user(stack, { permissions: ['claim:read'] });
});
test.after.always(async () => {
  await stack?.close();
});

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const MISSING_ID = '01900000-0000-7000-8000-000000000000';
const KES = (amountMinor: number) => ({ amountMinor, currency: 'KES' });

const PRODUCT = { name: 'Balanced Fund', riskLevel: 4, minInvestment: KES(500_000), description: 'Bonds and equities' };
const create = async (t: ExecutionContext, extra: Record<string, unknown> = {}) =>
  expectData(t, await api.as(writer).post('/investment-products', { ...PRODUCT, ...extra }), 201);
const patch = (id: string, body: unknown, who: SignedIn = writer) =>
  api.as(who).patch(`/investment-products/${id}`, body);
const auditOf = (id: string) =>
  sql(`select action, summary from audit_entries where subject_id = ? order by commit_seq`, [id]);

test('creating answers 201 with a draft product; get returns it to any reader, whatever their data scope', async (t) => {
  const product = await create(t);
  t.like(product, { ...PRODUCT, status: 'draft' });
  t.deepEqual(expectData(t, await api.as(reader).get(`/investment-products/${product.id}`)), product);
  const noDescription = await create(t, { description: undefined });
  t.is(noDescription.description, null);
  t.like((await auditOf(product.id))[0], {
    action: 'investment_product.create',
    summary: { name: 'Balanced Fund', riskLevel: 4, minInvestment: KES(500_000) },
  });
});

test('validation: risk level 1..7 (an integer), money in minor units with a currency, known statuses, no unknown fields (400)', async (t) => {
  const post = (extra: Record<string, unknown>) =>
    api.as(writer).post('/investment-products', { ...PRODUCT, ...extra });
  for (const riskLevel of [0, 8, 2.5, '3'])
    expectValidation(t, await post({ riskLevel }), ['body.riskLevel'], `riskLevel ${riskLevel}`);
  expectValidation(t, await post({ minInvestment: { amountMinor: 10.5, currency: 'KES' } }), [
    'body.minInvestment.amountMinor',
  ]);
  expectValidation(t, await post({ minInvestment: { amountMinor: -1, currency: 'KES' } }), [
    'body.minInvestment.amountMinor',
  ]);
  expectValidation(t, await post({ minInvestment: { amountMinor: 100, currency: 'kes' } }), [
    'body.minInvestment.currency',
  ]);
  expectValidation(t, await post({ minInvestment: { amountMinor: 100 } }), ['body.minInvestment.currency']);
  expectValidation(t, await post({ name: '' }), ['body.name']);
  expectValidation(t, await post({ status: 'active' }), ['body.status']);

  const product = await create(t);
  expectValidation(t, await patch(product.id, { riskLevel: 9 }), ['body.riskLevel']);
  expectValidation(t, await patch(product.id, { status: 'retired' }), ['body.status']);
  expectValidation(t, await patch(product.id, { minInvestment: { amountMinor: 1, currency: 'EURO' } }), [
    'body.minInvestment.currency',
  ]);
  expectValidation(t, await patch(product.id, { name: null }), ['body.name']);
  expectValidation(t, await patch(product.id, { id: MISSING_ID }), ['body.id']);
  expectValidation(t, await patch(product.id, {}), ['body']);
  t.deepEqual(expectData(t, await api.as(reader).get(`/investment-products/${product.id}`)), product, 'unchanged');
});

test('PATCH changes the fields given (null clears the description) and audits what changed', async (t) => {
  const product = await create(t);
  const changed = expectData(
    t,
    await patch(product.id, {
      name: 'Growth Fund',
      riskLevel: 6,
      minInvestment: { amountMinor: 100_000, currency: 'USD' },
    }),
  );
  t.like(changed, {
    name: 'Growth Fund',
    riskLevel: 6,
    minInvestment: { amountMinor: 100_000, currency: 'USD' },
    status: 'draft',
    description: 'Bonds and equities',
  });
  t.is(expectData(t, await patch(product.id, { description: null })).description, null);
  const audit = await auditOf(product.id);
  t.like(audit[1], {
    action: 'investment_product.update',
    summary: { changed: ['name', 'riskLevel', 'minInvestment'], name: 'Growth Fund', riskLevel: 6 },
  });
  t.like(audit[2], { action: 'investment_product.update', summary: { changed: ['description'], description: null } });
});

test('status moves: draft to active to closed, draft to closed; the same status is no move', async (t) => {
  const product = await create(t);
  t.is(expectData(t, await patch(product.id, { status: 'draft', name: 'Still draft' })).status, 'draft');
  const active = expectData(t, await patch(product.id, { status: 'active', riskLevel: 5 }));
  t.like(active, { status: 'active', riskLevel: 5 });
  t.is(expectData(t, await patch(product.id, { status: 'active' })).status, 'active');
  t.is(expectData(t, await patch(product.id, { description: 'Open to all' })).description, 'Open to all');
  t.is(expectData(t, await patch(product.id, { status: 'closed' })).status, 'closed');
  const straight = await create(t);
  t.is(expectData(t, await patch(straight.id, { status: 'closed' })).status, 'closed');
  t.deepEqual(
    (await auditOf(product.id)).map((a) => a.action),
    [
      'investment_product.create',
      'investment_product.update',
      'investment_product.activate',
      'investment_product.update',
      'investment_product.update',
      'investment_product.close',
    ],
  );
  t.like((await auditOf(product.id))[2].summary, { from: 'draft', to: 'active', changed: ['riskLevel'] });
});

test('closed is final and nothing returns to draft: 422 INVALID_TRANSITION with from, action and allowedFrom', async (t) => {
  const product = await create(t);
  expectData(t, await patch(product.id, { status: 'active' }));
  expectError(t, await patch(product.id, { status: 'draft' }), 422, 'INVALID_TRANSITION', {
    from: 'active',
    action: 'return to draft',
    allowedFrom: [],
  });
  expectData(t, await patch(product.id, { status: 'closed' }));
  for (const body of [{ status: 'active' }, { status: 'draft' }, { status: 'closed' }, { name: 'Reopened' }])
    expectError(t, await patch(product.id, body), 422, 'INVALID_TRANSITION', {
      from: 'closed',
      action: 'update',
      allowedFrom: ['draft', 'active'],
    });
  const after = expectData(t, await api.as(reader).get(`/investment-products/${product.id}`));
  t.like(after, { status: 'closed', name: PRODUCT.name });
  t.is((await auditOf(product.id)).length, 3, 'refused moves audit nothing');
});

test('list: filters by status, risk level and q, sorts, and pages with a cursor', async (t) => {
  const tag = `Yield ${Date.now()}`;
  const made = [];
  for (const [i, riskLevel] of [2, 7, 4].entries()) made.push(await create(t, { name: `${tag} ${i}`, riskLevel }));
  expectData(t, await patch(made[1].id, { status: 'active' }));
  const ids = async (query: string) =>
    expectData(
      t,
      await api.as(reader).get(`/investment-products?q=${encodeURIComponent(tag.toLowerCase())}&${query}`),
    ).map((p: any) => p.id);
  t.deepEqual(await ids('sort=riskLevel'), [made[0].id, made[2].id, made[1].id]);
  t.deepEqual(await ids('sort=-name'), [made[2].id, made[1].id, made[0].id]);
  t.deepEqual(await ids('status=active'), [made[1].id]);
  t.deepEqual(await ids('riskLevel=4'), [made[2].id]);
  const first = await api.as(reader).get(`/investment-products?q=${encodeURIComponent(tag)}&sort=name&limit=2`);
  t.deepEqual(
    expectData(t, first).map((p: any) => p.id),
    [made[0].id, made[1].id],
  );
  const cursor = first.json().meta.page.nextCursor;
  const second = await api
    .as(reader)
    .get(`/investment-products?q=${encodeURIComponent(tag)}&sort=name&limit=2&cursor=${encodeURIComponent(cursor)}`);
  t.deepEqual(
    expectData(t, second).map((p: any) => p.id),
    [made[2].id],
  );
  expectValidation(t, await api.as(reader).get('/investment-products?riskLevel=8'), ['query.riskLevel']);
  expectValidation(t, await api.as(reader).get('/investment-products?status=open'), ['query.status']);
  expectValidation(t, await api.as(reader).get('/investment-products?sort=description'), ['query.sort.0']);
});

test('permissions: reading needs investment:product:read; create and PATCH need investment:product:write', async (t) => {
  const product = await create(t);
  const noWrite = missing('investment:product:write');
  expectError(t, await api.as(reader).post('/investment-products', PRODUCT), 403, 'FORBIDDEN', noWrite);
  expectError(t, await patch(product.id, { status: 'active' }, reader), 403, 'FORBIDDEN', noWrite);
  const noRead = missing('investment:product:read');
  expectError(t, await api.as(nobody).get('/investment-products'), 403, 'FORBIDDEN', noRead);
  expectError(t, await api.as(nobody).get(`/investment-products/${product.id}`), 403, 'FORBIDDEN', noRead);
  expectError(t, await api.patch(`/investment-products/${product.id}`, { name: 'x' }), 401, 'UNAUTHENTICATED');
  t.is(expectData(t, await api.as(reader).get(`/investment-products/${product.id}`)).status, 'draft');
});

test('an unknown product is 404 for get and PATCH; a malformed id is 400', async (t) => {
  expectError(t, await api.as(reader).get(`/investment-products/${MISSING_ID}`), 404, 'NOT_FOUND');
  expectError(t, await patch(MISSING_ID, { name: 'x' }), 404, 'NOT_FOUND');
  expectValidation(t, await patch('nope', { name: 'x' }), ['params.id']);
});

test('two closes of one product at once: one answers 200, the other 422, and one audit entry is written', async (t) => {
  const product = await create(t);
  expectData(t, await patch(product.id, { status: 'active' }));
  const codes = (
    await Promise.all([patch(product.id, { status: 'closed' }), patch(product.id, { status: 'closed' })])
  ).map((r) => r.statusCode);
  t.deepEqual(codes.sort(), [200, 422]);
  t.is((await auditOf(product.id)).filter((a) => a.action === 'investment_product.close').length, 1);
});
