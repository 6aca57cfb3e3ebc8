import test, { type ExecutionContext } from 'ava';
import { type Api, client } from '../../helpers/client.js';
import { expectData, expectError, expectNoContent, missing } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';
import { movableClock, type Stack, startStack } from '../../helpers/stack.js';

/**
 * Machine clients (OAuth 2.0 client credentials): created with roles, a secret shown once, tokens from
 * POST /auth/token in OAuth's shapes, acting with the roles' permissions and data scope as the audit
 * actor, secrets rotated with an overlap, revoked at once, rate-limited per client.
 */
const clock = movableClock(new Date());
let stack: Stack;
let api: Api;
let admin: SignedIn;
test.before(async () => {
  stack = await startStack({ clock, env: { RATE_LIMIT_CLIENT_MAX: '200', RATE_LIMIT_TOKEN_MAX: '500' } });
  api = client(stack.app);
  admin = await given.admin(stack);
});
test.after.always(async () => {
  await stack?.close();
});

interface Created {
  clientId: string;
  clientSecret: string;
}

/** A client made by the admin through the API, holding a role of these permissions. */
async function newClient(t: ExecutionContext, permissions: string[], insurerId?: string): Promise<Created> {
  const role = await given.role(stack, permissions);
  const res = await api.as(admin).post('/api-clients', { name: `system ${role.name}`, roleIds: [role.id], insurerId });
  return expectData(t, res, 201);
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const tokenRequest = (body: string, headers: Record<string, string> = {}) =>
  stack.app.inject({
    method: 'POST',
    url: '/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: body,
  });
async function tokenOf(c: Created): Promise<string> {
  const res = await tokenRequest(
    form({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }),
  );
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json().access_token;
}

test('creating a client answers its id and a secret once; reading it never shows the secret, nor does the audit trail', async (t) => {
  const created = await newClient(t, ['user:read']);
  t.regex(created.clientSecret, /^cs_[A-Za-z0-9_-]{43}$/);
  t.is(created.clientId, (created as unknown as { id: string }).id);
  const read = expectData(t, await api.as(admin).get(`/api-clients/${created.clientId}`));
  t.is(read.status, 'active');
  t.false(JSON.stringify(read).includes(created.clientSecret));
  t.false('clientSecret' in read);
  const listed = expectData(t, await api.as(admin).get('/api-clients?limit=100'));
  t.true(listed.some((c: { id: string }) => c.id === created.clientId));
  t.false(JSON.stringify(listed).includes('cs_'));
  const stored = await stack.orm.em.fork().execute(
    `select (select count(*) from audit_entries where summary::text like '%cs\\_%') as audit,
            (select count(*) from api_clients where secret_hash like 'cs\\_%') as plain`,
  );
  t.deepEqual(stored[0], { audit: '0', plain: '0' });
});

test('the secret is never stored for an idempotent replay: the key is ignored on the routes that answer secrets', async (t) => {
  const role = await given.role(stack, ['user:read']);
  const headers = { 'idempotency-key': `client-${role.id}` };
  const first = expectData(
    t,
    await api.as(admin).post('/api-clients', { name: 'twice', roleIds: [role.id] }, { headers }),
    201,
  );
  const [{ n }] = await stack.orm.em
    .fork()
    .execute(`select count(*)::int as n from idempotency_records where response_body::text like ?`, [
      `%${first.clientSecret}%`,
    ]);
  t.is(n, 0);
});

test('a client gets a token with form or JSON bodies and HTTP Basic, and acts with its roles', async (t) => {
  const c = await newClient(t, ['user:read']);
  const byForm = await tokenRequest(
    form({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }),
  );
  t.is(byForm.statusCode, 200);
  const body = byForm.json();
  t.is(body.token_type, 'Bearer');
  t.is(body.expires_in, stack.app.config.ACCESS_TOKEN_TTL);
  t.is(byForm.headers['cache-control'], 'no-store');
  t.is(byForm.headers.pragma, 'no-cache');
  const byJson = await api.post('/auth/token', {
    grant_type: 'client_credentials',
    client_id: c.clientId,
    client_secret: c.clientSecret,
  });
  t.is(byJson.statusCode, 200);
  const basic = Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`).toString(
    'base64',
  );
  const byBasic = await tokenRequest(form({ grant_type: 'client_credentials' }), { authorization: `Basic ${basic}` });
  t.is(byBasic.statusCode, 200);
  expectData(t, await api.as(byBasic.json().access_token).get('/users'));
  expectError(t, await api.as(body.access_token).get('/roles'), 403, 'FORBIDDEN', missing('role:read'));
});

test('wrong credentials answer OAuth errors: 401 invalid_client (with a Basic challenge when Basic was tried), 400 for the rest', async (t) => {
  const c = await newClient(t, ['user:read']);
  const wrong = await tokenRequest(
    form({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: 'cs_wrong' }),
  );
  t.is(wrong.statusCode, 401);
  t.deepEqual(Object.keys(wrong.json()).sort(), ['error', 'error_description']);
  t.is(wrong.json().error, 'invalid_client');
  t.is(wrong.headers['www-authenticate'], undefined);
  const unknown = await tokenRequest(
    form({ grant_type: 'client_credentials', client_id: 'not-a-uuid', client_secret: c.clientSecret }),
  );
  t.is(unknown.json().error, 'invalid_client');
  const basic = Buffer.from(`${c.clientId}:nope`).toString('base64');
  const byBasic = await tokenRequest(form({ grant_type: 'client_credentials' }), { authorization: `Basic ${basic}` });
  t.is(byBasic.statusCode, 401);
  t.regex(String(byBasic.headers['www-authenticate']), /^Basic realm=/);
  const grant = await tokenRequest(
    form({ grant_type: 'password', client_id: c.clientId, client_secret: c.clientSecret }),
  );
  t.is(grant.statusCode, 400);
  t.is(grant.json().error, 'unsupported_grant_type');
  const both = await tokenRequest(
    form({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }),
    {
      authorization: `Basic ${basic}`,
    },
  );
  t.is(both.json().error, 'invalid_request');
  const twice = await tokenRequest(
    `grant_type=client_credentials&client_id=${c.clientId}&client_id=${c.clientId}&client_secret=x`,
  );
  t.is(twice.json().error, 'invalid_request');
  const none = await tokenRequest(form({ client_id: c.clientId }));
  t.is(none.json().error, 'invalid_request');
});

test('a client acts within its data scope and is the audit actor of its changes', async (t) => {
  const insurer = `INS-${Date.now()}`;
  const own = await given.user(stack, { insurerId: insurer });
  const other = await given.user(stack, { insurerId: `${insurer}-other` });
  const c = await newClient(t, ['user:read', 'user:write'], insurer);
  const token = await tokenOf(c);
  const seen = expectData(t, await api.as(token).get('/users?limit=100')).map((u: { id: string }) => u.id);
  t.true(seen.includes(own.id));
  t.false(seen.includes(other.id));
  t.false(seen.includes(c.clientId), 'a client is not a user of the users API');
  expectError(t, await api.as(token).get(`/users/${other.id}`), 404, 'NOT_FOUND');
  const made = expectData(
    t,
    await api.as(token).post('/users', {
      email: `by-client-${Date.now()}@example.test`,
      name: 'Made by a system',
      password: 'a-long-enough-password',
    }),
    201,
  );
  t.is(made.insurerId, insurer);
  const [entry] = await stack.orm.em
    .fork()
    .execute(`select actor from audit_entries where subject_id = ? and action = 'user.create'`, [made.id]);
  t.is(entry.actor, c.clientId);
});

test('nobody gives a client more than they hold, nor a scope beyond their own', async (t) => {
  const limited = await given.user(stack, { permissions: ['api_client:write', 'user:read'], insurerId: 'INS-LIMITED' });
  const role = await given.role(stack, ['user:read', 'user:write']);
  expectError(
    t,
    await api.as(limited).post('/api-clients', { name: 'too much', roleIds: [role.id] }),
    403,
    'FORBIDDEN',
    missing('user:write'),
  );
  const small = await given.role(stack, ['user:read']);
  expectError(
    t,
    await api.as(limited).post('/api-clients', { name: 'elsewhere', roleIds: [small.id], insurerId: 'INS-OTHER' }),
    403,
    'FORBIDDEN',
  );
  const made = expectData(t, await api.as(limited).post('/api-clients', { name: 'ours', roleIds: [small.id] }), 201);
  t.is(made.insurerId, 'INS-LIMITED');
  const outsider = await given.user(stack, { permissions: ['api_client:read'], insurerId: 'INS-OTHER' });
  expectError(t, await api.as(outsider).get(`/api-clients/${made.id}`), 404, 'NOT_FOUND');
});

test('a client has no password, MFA or sessions of its own: those routes refuse its token', async (t) => {
  const token = await tokenOf(await newClient(t, ['user:read']));
  for (const [method, url] of [
    ['GET', '/auth/me'],
    ['GET', '/auth/sessions'],
    ['POST', '/auth/logout-all'],
    ['POST', '/auth/mfa/setup'],
  ] as const) {
    const res = await stack.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
    expectError(t, res, 403, 'FORBIDDEN', undefined, `${method} ${url}`);
  }
});

test('a rotated secret: the new one works at once, the previous one until the overlap ends', async (t) => {
  const c = await newClient(t, ['user:read']);
  const rotated = expectData(t, await api.as(admin).post(`/api-clients/${c.clientId}/rotate-secret`));
  t.not(rotated.clientSecret, c.clientSecret);
  const overlap = stack.app.config.CLIENT_SECRET_OVERLAP_S;
  t.is(Date.parse(rotated.previousSecretExpiresAt) - clock.now().getTime(), overlap * 1000);
  t.truthy(await tokenOf({ ...c, clientSecret: rotated.clientSecret }));
  t.truthy(await tokenOf(c), 'the previous secret within the overlap');
  clock.at = new Date(clock.at.getTime() + overlap * 1000 + 1);
  try {
    const late = await tokenRequest(
      form({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }),
    );
    t.is(late.statusCode, 401);
    t.truthy(await tokenOf({ ...c, clientSecret: rotated.clientSecret }));
  } finally {
    clock.at = new Date();
  }
});

test('revoking a client ends its live tokens at once and its secret stops working', async (t) => {
  const c = await newClient(t, ['user:read']);
  const token = await tokenOf(c);
  expectData(t, await api.as(token).get('/users'));
  expectNoContent(t, await api.as(admin).delete(`/api-clients/${c.clientId}`));
  expectError(t, await api.as(token).get('/users'), 401, 'SESSION_REVOKED');
  const again = await tokenRequest(
    form({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }),
  );
  t.is(again.json().error, 'invalid_client');
  t.is(expectData(t, await api.as(admin).get(`/api-clients/${c.clientId}`)).status, 'revoked');
  expectNoContent(t, await api.as(admin).delete(`/api-clients/${c.clientId}`), 'revoking again');
  expectError(t, await api.as(admin).post(`/api-clients/${c.clientId}/rotate-secret`), 404, 'NOT_FOUND');
});
