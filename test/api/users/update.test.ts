import test from 'ava';
import { uuidv7 } from '../../../shared/kernel/ids.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { createUser, newEmail } from '../../helpers/through-api.js';

/** PATCH /users/{id}: what may change and what may not. */
let { api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ api, admin } = s));

test('PATCH /users/{id} updates name, phone and locale', async (t) => {
  const user = await createUser(api.as(admin));
  const updated = expectData(
    t,
    await api.as(admin).patch(`/users/${user.id}`, { name: 'Renamed Person', phone: '+254711111111', locale: 'fr-CA' }),
  );
  t.like(updated, { name: 'Renamed Person', phone: '+254711111111', locale: 'fr-CA', email: user.email });
  const cleared = expectData(t, await api.as(admin).patch(`/users/${user.id}`, { phone: null }));
  t.like(cleared, { phone: null, name: 'Renamed Person' });
});

test('PATCH /users/{id} with an empty body answers 400', async (t) => {
  const user = await createUser(api.as(admin));
  expectError(t, await api.as(admin).patch(`/users/${user.id}`, {}), 400, 'VALIDATION_ERROR');
});

test('PATCH cannot change the email or the password', async (t) => {
  const user = await createUser(api.as(admin));
  expectValidation(
    t,
    await api.as(admin).patch(`/users/${user.id}`, { email: newEmail(), password: 'a-new-long-password' }),
    ['body.email', 'body.password'],
  );
});

test('PATCH of a missing user answers 404', async (t) => {
  expectError(t, await api.as(admin).patch(`/users/${uuidv7()}`, { name: 'Nobody' }), 404, 'NOT_FOUND');
});
