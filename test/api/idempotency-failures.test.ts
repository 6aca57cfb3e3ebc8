import test from 'ava';
import { generateSync } from 'otplib';
import { uuidv7 } from '../../shared/kernel/ids.js';
import { bearer } from '../helpers/client.js';
import { given } from '../helpers/given.js';
import { type Stack, startStack } from '../helpers/stack.js';

let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

/** Six digits that are not the TOTP code of any step near now. */
function wrongCode(secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const near = new Set([-2, -1, 0, 1, 2, 3].map((k) => generateSync({ secret, epoch: now + k * 30 })));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

test('a request that fails after its checks never replays as a success under the same Idempotency-Key', async (t) => {
  const user = await given.account(stack);
  const session = await given.login(stack, user);
  const setup = await stack.app.inject({ method: 'POST', url: '/auth/mfa/setup', headers: bearer(session) });
  t.is(setup.statusCode, 201);
  const key = `k-${uuidv7()}`;
  const payload = { code: wrongCode(setup.json().data.secret), password: user.password };
  for (let i = 0; i < 2; i++) {
    const res = await stack.app.inject({
      method: 'POST',
      url: '/auth/mfa/verify',
      headers: { ...bearer(session), 'idempotency-key': key },
      payload,
    });
    t.is(res.statusCode, 401);
    t.is(res.json().error.code, 'INVALID_MFA_CODE');
    t.is(res.headers['idempotent-replayed'], undefined);
  }
  const [row] = await stack.orm.em
    .fork()
    .execute(`select count(*)::int as n from idempotency_records where key = ?`, [key]);
  t.is(row.n, 0, 'a failure stores nothing');
});

test('revoking an unknown session with an Idempotency-Key answers 404 every time', async (t) => {
  const user = await given.account(stack);
  const session = await given.login(stack, user);
  const key = `k-${uuidv7()}`;
  for (let i = 0; i < 2; i++) {
    const res = await stack.app.inject({
      method: 'DELETE',
      url: `/auth/sessions/${uuidv7()}`,
      headers: { ...bearer(session), 'idempotency-key': key },
    });
    t.is(res.statusCode, 404);
  }
});

test('forgot-password replays its own 202 body under the same key', async (t) => {
  const key = `k-${uuidv7()}`;
  const send = () =>
    stack.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { 'idempotency-key': key },
      payload: { email: `nobody-${uuidv7()}@example.test` },
    });
  const payload = { email: 'same@example.test' };
  const first = await stack.app.inject({
    method: 'POST',
    url: '/auth/forgot-password',
    headers: { 'idempotency-key': key },
    payload,
  });
  const again = await stack.app.inject({
    method: 'POST',
    url: '/auth/forgot-password',
    headers: { 'idempotency-key': key },
    payload,
  });
  t.is(first.statusCode, 202);
  t.deepEqual(first.json().data, { status: 'accepted' });
  t.is(again.headers['idempotent-replayed'], 'true');
  t.deepEqual(again.json().data, first.json().data);
  t.is((await send()).statusCode, 409, 'a different body under the same key');
});
