import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData } from '../../helpers/expect.js';
import { createUser } from '../../helpers/through-api.js';

/**
 * A route without a body schema takes no field of a body sent anyway (api/http/operation.ts): the
 * record acted on is the one of the URL, whatever id or action the body names.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

test('a body sent to activate cannot name another user or another action', async (t) => {
  const named = await createUser(api.as(admin));
  const other = await createUser(api.as(admin));
  const activated = expectData(
    t,
    await api.as(admin).post(`/users/${named.id}/activate`, { id: other.id, action: 'archive' }),
  );
  t.is(activated.id, named.id);
  t.is(activated.status, 'active');
  const [row] = await sqlOn(stack)(`select status from users where id = ?`, [other.id]);
  t.is(row.status, 'pending');
});
