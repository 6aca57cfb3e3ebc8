import test, { type ExecutionContext } from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { exhaustLimit } from '../../helpers/rate-limit.js';

/** A machine client's token counts per client (RATE_LIMIT_CLIENT_MAX), not per address. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s), {
  env: { RATE_LIMIT_MAX: '12', RATE_LIMIT_CLIENT_MAX: '6' },
});

async function clientToken(t: ExecutionContext): Promise<string> {
  const role = await given.role(stack, ['user:read']);
  const made = expectData(t, await api.as(admin).post('/api-clients', { name: role.name, roleIds: [role.id] }), 201);
  const res = await api.post('/auth/token', {
    grant_type: 'client_credentials',
    client_id: made.clientId,
    client_secret: made.clientSecret,
  });
  return res.json().access_token;
}

test('two clients behind one address each have their own budget, and neither spends the address’s', async (t) => {
  const address = '203.0.113.77';
  const [first, second] = [await clientToken(t), await clientToken(t)];
  const asFrom = (token: string) => () => api.as(token).get('/users', { remoteAddress: address });
  await exhaustLimit(t, asFrom(first), 6, 200);
  await exhaustLimit(t, asFrom(second), 6, 200);
  // A person at the same address still has the whole per-address limit.
  const person = await given.user(stack, { permissions: ['user:read'] });
  await exhaustLimit(t, asFrom(person.token), 12, 200);
});
