import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData, expectError, expectValidation } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/** Operational policies: unique per category and key, values checked for the keys the service reads, read when needed. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s), {
  env: { LOCKOUT_THRESHOLD: '10', LOCKOUT_MINUTES: '15', RATE_LIMIT_LOGIN_MAX: '100000' },
});

test('create, get, list by category with q and sort, and update', async (t) => {
  const created = expectData(
    t,
    await api.as(admin).post('/operational-policies', {
      category: 'referrals',
      key: 'bonusPercent',
      name: 'Referral bonus',
      value: { percent: 5, cap: 100_000 },
      description: 'Paid on the first premium',
    }),
    201,
  );
  t.like(created, {
    category: 'referrals',
    key: 'referrals.bonusPercent',
    active: true,
    value: { percent: 5, cap: 100_000 },
  });
  t.deepEqual(expectData(t, await api.as(admin).get(`/operational-policies/${created.id}`)), created);
  const listed = expectData(t, await api.as(admin).get('/operational-policies?category=referrals&q=BONUS&sort=key'));
  t.deepEqual(
    listed.map((p: any) => p.id),
    [created.id],
  );
  t.deepEqual(expectData(t, await api.as(admin).get('/operational-policies?category=kyc&q=bonus')), []);
  const updated = expectData(
    t,
    await api.as(admin).patch(`/operational-policies/${created.id}`, { value: 7, active: false }),
  );
  t.like(updated, { value: 7, active: false, key: 'referrals.bonusPercent' });
  expectValidation(t, await api.as(admin).get('/operational-policies?category=pricing'), ['query.category']);
});

test('a second policy with the same category and key answers 409, with or without the category prefix', async (t) => {
  expectData(
    t,
    await api
      .as(admin)
      .post('/operational-policies', { category: 'data_sharing', key: 'partnerFeed', name: 'a', value: true }),
    201,
  );
  for (const key of ['partnerFeed', 'data_sharing.partnerFeed'])
    expectError(
      t,
      await api.as(admin).post('/operational-policies', { category: 'data_sharing', key, name: 'b', value: false }),
      409,
      'CONFLICT',
    );
  expectValidation(
    t,
    await api.as(admin).post('/operational-policies', { category: 'kyc', key: 'security.x', name: 'c', value: 1 }),
    ['body.key'],
  );
});

test('the values of the keys the service reads are validated on create and update', async (t) => {
  const bad: [string, string, unknown][] = [
    ['security', 'lockoutThreshold', 2.5],
    ['security', 'lockoutMinutes', '15'],
    ['payments', 'maxSinglePaymentMinor', -1],
    ['kyc', 'requireVerifiedForPayout', 'yes'],
    ['payments', 'gracePeriodDays', '7'],
  ];
  for (const [category, key, value] of bad) {
    const [detail] = expectValidation(
      t,
      await api.as(admin).post('/operational-policies', { category, key, name: key, value }),
      ['body.value'],
      key,
    );
    t.regex(detail.message, new RegExp(key));
  }
  const ok = expectData(
    t,
    await api
      .as(admin)
      .post('/operational-policies', { category: 'payments', key: 'maxSinglePaymentMinor', name: 'Cap', value: 1 }),
    201,
  );
  expectValidation(t, await api.as(admin).patch(`/operational-policies/${ok.id}`, { value: 'lots' }), ['body.value']);
});

test.serial(
  'lockout reads security.lockoutThreshold at each failure: a change applies at once, without a restart',
  async (t) => {
    const victim = await given.account(stack);
    const wrong = () => api.post('/auth/login', { email: victim.email, password: 'not-the-password-1' });
    const policy = expectData(
      t,
      await api
        .as(admin)
        .post('/operational-policies', { category: 'security', key: 'lockoutThreshold', name: 'Lockout', value: 3 }),
      201,
    );
    for (let i = 0; i < 3; i++) await wrong();
    const locked = async () =>
      await given.login(stack, victim).then(
        () => false,
        () => true,
      );
    t.true(await locked(), 'locked after 3 failures, not the environment 10');
    // Deactivated: the environment default applies again to the next account.
    expectData(t, await api.as(admin).patch(`/operational-policies/${policy.id}`, { active: false }));
    const other = await given.account(stack);
    for (let i = 0; i < 3; i++) await api.post('/auth/login', { email: other.email, password: 'not-the-password-1' });
    t.truthy(await given.login(stack, other));
  },
);

test.serial(
  'lockout reads security.lockoutMinutes at each failure: a change applies to the next lock, without a restart',
  async (t) => {
    const [threshold] = expectData(t, await api.as(admin).get('/operational-policies?q=lockoutThreshold'));
    expectData(t, await api.as(admin).patch(`/operational-policies/${threshold.id}`, { value: 3, active: true }));
    const minutes = expectData(
      t,
      await api
        .as(admin)
        .post('/operational-policies', { category: 'security', key: 'lockoutMinutes', name: 'Lock for', value: 2 }),
      201,
    );
    const lockedFor = async () => {
      const victim = await given.account(stack);
      for (let i = 0; i < 3; i++)
        expectError(
          t,
          await api.post('/auth/login', { email: victim.email, password: 'not-the-password-1' }),
          401,
          'INVALID_CREDENTIALS',
        );
      const res = await api.post('/auth/login', { email: victim.email, password: victim.password });
      expectError(t, res, 429, 'RATE_LIMITED');
      return Number(res.headers['retry-after']);
    };
    const two = await lockedFor();
    t.true(two > 60 && two <= 120, `locked for the policy's 2 minutes, not the environment's 15 (${two}s)`);
    expectData(t, await api.as(admin).patch(`/operational-policies/${minutes.id}`, { value: 5 }));
    const five = await lockedFor();
    t.true(five > 240 && five <= 300, `then for 5 (${five}s)`);
    for (const id of [threshold.id, minutes.id])
      expectData(t, await api.as(admin).patch(`/operational-policies/${id}`, { active: false }));
  },
);

test('a null value or one over 16 KiB of JSON answers 400 on body.value, for any key', async (t) => {
  const create = (value: unknown) =>
    api.as(admin).post('/operational-policies', { category: 'referrals', key: 'notes', name: 'Notes', value });
  t.regex(expectValidation(t, await create(null), ['body.value'])[0].message, /must not be null/);
  t.regex(expectValidation(t, await create('x'.repeat(16_384)), ['body.value'])[0].message, /at most 16384 bytes/);
  const made = expectData(t, await create({ text: 'x'.repeat(16_000) }), 201);
  expectValidation(t, await api.as(admin).patch(`/operational-policies/${made.id}`, { value: null }), ['body.value']);
  expectValidation(t, await api.as(admin).patch(`/operational-policies/${made.id}`, { value: ['y'.repeat(20_000)] }), [
    'body.value',
  ]);
  t.deepEqual(expectData(t, await api.as(admin).get(`/operational-policies/${made.id}`)).value, {
    text: 'x'.repeat(16_000),
  });
});

test('unknown ids answer 404; reading needs operational_policy:read and writing operational_policy:write', async (t) => {
  expectError(
    t,
    await api.as(admin).get('/operational-policies/01900000-0000-7000-8000-000000000000'),
    404,
    'NOT_FOUND',
  );
  const reader = await given.user(stack, { permissions: ['operational_policy:read'] });
  expectData(t, await api.as(reader).get('/operational-policies'));
  expectError(
    t,
    await api.as(reader).post('/operational-policies', { category: 'kyc', key: 'x', name: 'x', value: 1 }),
    403,
    'FORBIDDEN',
    {
      missingPermissions: ['operational_policy:write'],
    },
  );
});
