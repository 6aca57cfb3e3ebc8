import test from 'ava';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { auditOn, sqlOn } from '../../helpers/db.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { createUser, newEmail } from '../../helpers/through-api.js';

/** POST /users: what a new user looks like, the set-password mail, input validation, idempotent creation. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const sql = (query: string, params: unknown[] = []) => sqlOn(stack)(query, params);
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('POST /users creates a pending user with no roles and never returns a password hash or secret', async (t) => {
  const email = newEmail('new');
  const res = await api.as(admin).post('/users', {
    email,
    name: 'Wanjiru Kamau',
    password: 'a-long-enough-password',
    phone: '+254 700 000000',
    locale: 'sw',
  });
  const user = expectData(t, res, 201);
  t.like(user, { email, name: 'Wanjiru Kamau', status: 'pending', phone: '+254 700 000000', locale: 'sw' });
  t.deepEqual(user.roles, []);
  t.regex(user.id, UUID_V7);
  for (const key of Object.keys(user))
    t.false(/password|hash|secret|token/i.test(key), `field ${key} must not be exposed`);
  t.false(/argon2|\$argon/i.test(res.body));
  const [row] = await sql(`select password_hash from users where id = ?`, [user.id]);
  t.regex(String(row.password_hash), /^\$argon2id\$/);
  t.deepEqual(expectData(t, await api.as(admin).get(`/users/${user.id}`)), user);
});

test('an email already taken, in any letter case, answers 409 CONFLICT', async (t) => {
  const email = newEmail('Taken');
  expectData(t, await api.as(admin).post('/users', { email, name: 'First' }), 201);
  expectError(t, await api.as(admin).post('/users', { email: email.toUpperCase(), name: 'Second' }), 409, 'CONFLICT');
  const [{ n }] = await sql(`select count(*)::int as n from users where lower(email) = lower(?)`, [email]);
  t.is(n, 1);
});

test('a user created without a password gets a set-password mail through the outbox', async (t) => {
  const user = await createUser(api.as(admin));
  const tokens = await sql(`select id, purpose from password_reset_tokens where user_id = ?`, [user.id]);
  t.is(tokens.length, 1);
  t.is(tokens[0].purpose, 'set_password');
  const outbox = await sql(`select queue, job_name, payload from outbox where payload->>'resetId' = ?`, [tokens[0].id]);
  t.is(outbox.length, 1);
  t.like(outbox[0], { queue: 'mail', job_name: 'send' });
  t.false(JSON.stringify(outbox[0].payload).includes(user.email), 'the job payload carries ids, not personal data');
});

test('a user created with a password gets no set-password mail', async (t) => {
  const user = await createUser(api.as(admin), { password: 'another-long-password' });
  t.deepEqual(await sql(`select id from password_reset_tokens where user_id = ?`, [user.id]), []);
});

test('a password shorter than 12 characters answers 400 on body.password (minLength)', async (t) => {
  const res = await api.as(admin).post('/users', { email: newEmail(), name: 'Short', password: 'elevenchars' });
  expectValidation(t, res, { 'body.password': 'minLength' });
});

test('a password equal to the email answers 400 on body.password and creates nothing', async (t) => {
  const email = newEmail('same');
  expectValidation(t, await api.as(admin).post('/users', { email, name: 'Same', password: email.toUpperCase() }), [
    'body.password',
  ]);
  t.deepEqual(await sql(`select 1 from users where email = ?`, [email]), []);
});

test('a malformed email answers 400 on body.email (format)', async (t) => {
  const [detail] = expectValidation(
    t,
    await api.as(admin).post('/users', { email: 'not-an-email', name: 'Bad Email' }),
    { 'body.email': 'format' },
  );
  t.deepEqual(detail, { field: 'body.email', message: detail.message, constraint: 'format' });
});

test('an unknown extra field answers 400 naming it (additionalProperties)', async (t) => {
  expectValidation(t, await api.as(admin).post('/users', { email: newEmail(), name: 'Extra', status: 'active' }), {
    'body.status': 'additionalProperties',
  });
});

test('a name over 200 characters answers 400 on body.name', async (t) => {
  expectValidation(t, await api.as(admin).post('/users', { email: newEmail(), name: 'n'.repeat(201) }), {
    'body.name': 'maxLength',
  });
});

test('several invalid fields answer one details entry each', async (t) => {
  expectValidation(t, await api.as(admin).post('/users', { email: 'nope', password: 'short' }), [
    'body.email',
    'body.name',
    'body.password',
  ]);
});

test('parallel POST /users with one Idempotency-Key create exactly one user', async (t) => {
  const headers = { 'idempotency-key': `create-user-${uuidv7()}` };
  const email = newEmail('idem');
  const body = { email, name: 'Idempotent Person' };
  const responses = await Promise.all(Array.from({ length: 6 }, () => api.as(admin).post('/users', body, { headers })));
  const fresh = responses.filter((r) => r.statusCode === 201 && r.headers['idempotent-replayed'] === undefined);
  t.is(fresh.length, 1);
  for (const r of responses) {
    if (r === fresh[0]) continue;
    if (r.statusCode === 409) {
      expectError(t, r, 409, 'IDEMPOTENCY_CONFLICT');
    } else {
      t.is(r.statusCode, 201);
      t.is(r.headers['idempotent-replayed'], 'true');
      t.deepEqual(expectData(t, r, 201), fresh[0].json().data);
    }
  }
  const users = await sql(`select id from users where email = ?`, [email]);
  t.is(users.length, 1);
  t.is(users[0].id, fresh[0].json().data.id);
  t.is((await auditOn(stack)(users[0].id, 'user.create')).length, 1);
  const after = await api.as(admin).post('/users', body, { headers });
  t.is(after.statusCode, 201);
  t.is(after.headers['idempotent-replayed'], 'true');
  t.deepEqual(expectData(t, after, 201), fresh[0].json().data);
});

test('the same Idempotency-Key with another body answers 409 IDEMPOTENCY_CONFLICT', async (t) => {
  const headers = { 'idempotency-key': `create-user-${uuidv7()}` };
  expectData(t, await api.as(admin).post('/users', { email: newEmail(), name: 'One' }, { headers }), 201);
  expectError(
    t,
    await api.as(admin).post('/users', { email: newEmail(), name: 'Two' }, { headers }),
    409,
    'IDEMPOTENCY_CONFLICT',
  );
});
