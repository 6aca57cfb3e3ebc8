import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData, expectError, missing } from '../../helpers/expect.js';
import { given, type SignedIn } from '../../helpers/given.js';

/**
 * Operational policies, identifier patterns and notification templates are platform-wide: every insurer's
 * users live by them (lockout, payment caps, KYC before payouts, numbering, the reset mail). Like roles,
 * only a caller of data scope all changes them; an insurer's user holding the write permissions gets 403
 * naming data:scope:all, and nothing changes.
 */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

let insurerUserMade: Promise<SignedIn> | undefined;
/** An insurer's user holding every write permission of the three, made once. */
const anInsurerUser = () =>
  (insurerUserMade ??= given.user(stack, {
    insurerId: 'savanna-mutual',
    permissions: [
      'operational_policy:read',
      'operational_policy:write',
      'id_pattern:read',
      'id_pattern:write',
      'notification_template:read',
      'notification_template:write',
    ],
  }));

const needsScopeAll = missing('data:scope:all');

test("an insurer's user cannot create or change an operational policy, such as the KYC rule for payouts", async (t) => {
  const insurerUser = await anInsurerUser();
  const body = { category: 'kyc', key: 'requireVerifiedForPayout', name: 'KYC before payouts', value: false };
  expectError(t, await api.as(insurerUser).post('/operational-policies', body), 403, 'FORBIDDEN', needsScopeAll);
  const list = expectData(t, await api.as(admin).get('/operational-policies?category=kyc'));
  t.false(list.some((p: { key: string }) => p.key === 'requireVerifiedForPayout'));
  const created = expectData(
    t,
    await api.as(admin).post('/operational-policies', { ...body, key: 'partnerChecks', value: true }),
    201,
  );
  expectError(
    t,
    await api.as(insurerUser).patch(`/operational-policies/${created.id}`, { value: false }),
    403,
    'FORBIDDEN',
    needsScopeAll,
  );
  t.is(expectData(t, await api.as(admin).get(`/operational-policies/${created.id}`)).value, true);
});

test("an insurer's user cannot create or change an identifier pattern", async (t) => {
  const insurerUser = await anInsurerUser();
  const body = { entity: 'quotation', pattern: 'QX-{SEQ:6}', active: false };
  expectError(t, await api.as(insurerUser).post('/id-patterns', body), 403, 'FORBIDDEN', needsScopeAll);
  const created = expectData(t, await api.as(admin).post('/id-patterns', body), 201);
  expectError(
    t,
    await api.as(insurerUser).patch(`/id-patterns/${created.id}`, { pattern: 'QY-{SEQ:6}' }),
    403,
    'FORBIDDEN',
    needsScopeAll,
  );
  t.is(expectData(t, await api.as(admin).get(`/id-patterns/${created.id}`)).pattern, 'QX-{SEQ:6}');
});

test("an insurer's user cannot create, change, publish or archive a notification template", async (t) => {
  const insurerUser = await anInsurerUser();
  const body = {
    key: 'password_reset',
    channel: 'email',
    locale: 'sw',
    subject: 'Badilisha nenosiri',
    body: 'Habari {{name}}, fungua {{resetUrl}} ndani ya dakika {{expiresInMinutes}}.',
  };
  expectError(t, await api.as(insurerUser).post('/notification-templates', body), 403, 'FORBIDDEN', needsScopeAll);
  const draft = expectData(t, await api.as(admin).post('/notification-templates', body), 201);
  const path = `/notification-templates/${draft.id}`;
  expectError(t, await api.as(insurerUser).patch(path, { subject: 'Bonyeza hapa' }), 403, 'FORBIDDEN', needsScopeAll);
  for (const action of ['publish', 'archive'])
    expectError(t, await api.as(insurerUser).post(`${path}/${action}`), 403, 'FORBIDDEN', needsScopeAll);
  t.like(expectData(t, await api.as(admin).get(path)), { status: 'draft', subject: 'Badilisha nenosiri' });
});
