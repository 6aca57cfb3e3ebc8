import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { fileClaim } from '../../helpers/claims.js';
import { unique } from '../../helpers/db.js';
import { expectData, expectError, missing } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { createUser } from '../../helpers/through-api.js';

/** GET /audit follows data scope: entries about records in the caller's scope or made by users in it. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const X = `insurer-x-${unique()}`;
const Y = `insurer-y-${unique()}`;
const READ = ['audit:read'];
const PRODUCT_WRITE = ['investment:product:read', 'investment:product:write'];

/** Who reads, and what was done (each record's id, and the users who acted). */
let readerX: SignedIn;
let readerY: SignedIn;
let agent: SignedIn;
let ids: Record<string, string>;

const issue = async (agentId: string, insurerId: string) => {
  const res = await api.as(admin).post('/policies', {
    agentId,
    insurerId,
    productCode: 'HOME',
    holder: { name: `Holder ${unique()}` },
    sumInsured: { amountMinor: 1_000_000, currency: 'KES' },
    premium: { amountMinor: 10_000, currency: 'KES' },
    effectiveFrom: new Date().toISOString().slice(0, 10),
    effectiveTo: `${new Date().getUTCFullYear() + 10}-12-31`,
  });
  if (res.statusCode !== 201) throw new Error(`policy: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
};

const product = async (who: SignedIn) => {
  const res = await api.as(who).post('/investment-products', {
    name: `Fund ${unique()}`,
    riskLevel: 3,
    minInvestment: { amountMinor: 100_000, currency: 'KES' },
  });
  if (res.statusCode !== 201) throw new Error(`product: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
};

/** The records and readers every test reads, made once (after the stack's own setup). */
async function setUp(): Promise<void> {
  readerX = await given.user(stack, { permissions: READ, insurerId: X });
  readerY = await given.user(stack, { permissions: READ, insurerId: Y });
  const staffX = await given.user(stack, { permissions: [...PRODUCT_WRITE, 'dispute:raise'], insurerId: X });
  const staffY = await given.user(stack, { permissions: PRODUCT_WRITE, insurerId: Y });
  agent = await given.user(stack, { permissions: [...READ, ...PRODUCT_WRITE] });
  const otherAgent = await given.account(stack);
  const policyX = await issue(agent.id, X);
  const policyY = await issue(otherAgent.id, Y);
  const policyOfOtherAgentAtX = await issue(otherAgent.id, X);
  ids = {
    policyX,
    policyY,
    policyOfOtherAgentAtX,
    claimX: (await fileClaim(api.as(admin), policyX)).id,
    claimY: (await fileClaim(api.as(admin), policyY)).id,
    userX: (await createUser(api.as(admin), { insurerId: X })).id,
    userY: (await createUser(api.as(admin), { insurerId: Y })).id,
    productByStaffX: await product(staffX),
    productByStaffY: await product(staffY),
    productByAdmin: await product(admin),
    productByAgent: await product(agent),
    staffX: staffX.id,
    staffY: staffY.id,
    disputeByStaffX: await raise(staffX),
  };
  // Triaged by the admin: an entry in insurer X's scope only through the dispute's raiser.
  const triaged = await api.as(admin).post(`/disputes/${ids.disputeByStaffX}/triage`, { severity: 'low' });
  if (triaged.statusCode !== 200) throw new Error(`triage: ${triaged.statusCode} ${triaged.body}`);
}
let ready: Promise<void> | undefined;
test.beforeEach(() => (ready ??= setUp()));

const raise = async (who: SignedIn) => {
  const res = await api
    .as(who)
    .post('/disputes', { subjectType: 'commission', subjectId: `COMM-${unique()}`, reason: 'Commission short' });
  if (res.statusCode !== 201) throw new Error(`dispute: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
};

/** Every entry `who` can read, through pages of `limit`, as `subjectId` values (or `action subjectId`). */
async function readAll(who: SignedIn, limit = 100, query = ''): Promise<{ id: string; subjectId: string }[]> {
  const seen: { id: string; subjectId: string }[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/audit?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await api.as(who).get(url);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    seen.push(...res.json().data);
    cursor = res.json().meta.page.nextCursor;
  } while (cursor);
  return seen;
}
const subjectsOf = async (who: SignedIn) => new Set((await readAll(who)).map((e) => e.subjectId));

test("an insurer's reader sees the entries about their insurer's policies, claims and users and those made by their insurer's users, never another insurer's", async (t) => {
  const seen = await subjectsOf(readerX);
  for (const name of ['policyX', 'policyOfOtherAgentAtX', 'claimX', 'userX', 'productByStaffX'])
    t.true(seen.has(ids[name]), `sees ${name}`);
  for (const name of ['policyY', 'claimY', 'userY', 'productByStaffY', 'productByAdmin', 'productByAgent'])
    t.false(seen.has(ids[name]), `does not see ${name}`);
  const other = await subjectsOf(readerY);
  for (const name of ['policyY', 'claimY', 'userY', 'productByStaffY']) t.true(other.has(ids[name]), `Y sees ${name}`);
  for (const name of ['policyX', 'claimX', 'userX', 'productByStaffX']) t.false(other.has(ids[name]), `Y: ${name}`);
});

test("a dispute's entries are in the scope of its raiser: the admin's triage of a dispute raised by an insurer's user is that insurer's", async (t) => {
  const actions = async (who: SignedIn) =>
    (await readAll(who, 100, `&subjectId=${ids.disputeByStaffX}`)).map((e) => (e as { action?: string }).action).sort();
  t.deepEqual(await actions(readerX), ['dispute.raise', 'dispute.triage']);
  t.deepEqual(await actions(readerY), []);
  t.deepEqual(await actions(agent), []);
});

test('an agent sees only the entries about their own records or made by themselves', async (t) => {
  const entries = await readAll(agent);
  const seen = new Set(entries.map((e) => e.subjectId));
  for (const name of ['policyX', 'claimX', 'productByAgent']) t.true(seen.has(ids[name]), `sees ${name}`);
  for (const name of ['policyY', 'policyOfOtherAgentAtX', 'claimY', 'userX', 'productByStaffX', 'productByAdmin'])
    t.false(seen.has(ids[name]), `does not see ${name}`);
  const { data } = (await api.as(admin).get(`/audit?limit=100&subjectId=${ids.policyX}`)).json();
  t.deepEqual(
    entries.filter((e) => e.subjectId === ids.policyX).map((e) => e.id),
    data.map((e: { id: string }) => e.id),
    'every entry about their policy, as scope all sees them',
  );
});

test('scope all reads the whole trail', async (t) => {
  const seen = await subjectsOf(admin);
  for (const id of Object.values(ids).filter((id) => id !== ids.staffX && id !== ids.staffY)) t.true(seen.has(id), id);
});

test("a scoped reader's pages hold each entry once, in order, however small", async (t) => {
  const whole = await readAll(readerX);
  t.true(whole.length >= 5, `${whole.length} entries`);
  t.true(
    whole.some((e) => e.subjectId === ids.productByStaffX),
    'entries in scope by their subject and by their actor',
  );
  const paged = await readAll(readerX, 2);
  t.deepEqual(
    paged.map((e) => e.id),
    whole.map((e) => e.id),
  );
  t.is(new Set(paged.map((e) => e.id)).size, paged.length);
});

test('a filter naming a subject or an actor outside the scope gives an empty list; inside it, the entries', async (t) => {
  const list = async (who: SignedIn, query: string) => expectData(t, await api.as(who).get(`/audit?${query}`));
  t.deepEqual(await list(readerX, `subjectId=${ids.policyY}`), []);
  t.deepEqual(await list(readerX, `actorId=${ids.staffY}`), []);
  t.deepEqual(await list(agent, `subjectId=${ids.policyOfOtherAgentAtX}`), []);
  t.deepEqual(await list(agent, `actorId=${admin.id}&subjectType=investment_product`), []);
  t.true((await list(readerX, `subjectId=${ids.policyX}`)).length >= 1);
  t.deepEqual(
    (await list(readerX, `actorId=${ids.staffX}`)).map((e: { subjectId: string }) => e.subjectId).sort(),
    [ids.productByStaffX, ids.disputeByStaffX].sort(),
  );
});

test('GET /audit/verify needs data scope all: 403 FORBIDDEN naming data:scope:all otherwise, 200 with it', async (t) => {
  for (const who of [readerX, agent])
    expectError(t, await api.as(who).get('/audit/verify'), 403, 'FORBIDDEN', missing('data:scope:all'));
  const auditor = await given.user(stack, { permissions: [...READ, 'data:scope:all'], insurerId: X });
  t.like(expectData(t, await api.as(auditor).get('/audit/verify')), { valid: true });
});
