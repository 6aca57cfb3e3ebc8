import test from 'ava';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData, expectValidation } from '../../helpers/expect.js';

/** Every key the service reads has bounds: a value beyond them answers 400 on body.value, on create and on update. */
let { api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ api, admin } = s));

const BOUNDS: [category: string, key: string, lowest: number, highest: number, beyond: number[]][] = [
  ['security', 'lockoutThreshold', 3, 100, [2 ** 31, 1e300]],
  ['security', 'lockoutMinutes', 1, 1440, [1e8]],
  ['payments', 'maxSinglePaymentMinor', 1, Number.MAX_SAFE_INTEGER, [0, 1e300]],
  ['payments', 'gracePeriodDays', 0, 90, [-1, 365]],
];

for (const [category, key, lowest, highest, beyond] of BOUNDS) {
  test(`${category}.${key} takes ${lowest}..${highest}: a value beyond either bound answers 400 on body.value, on create and on update`, async (t) => {
    const create = (value: unknown) => api.as(admin).post('/operational-policies', { category, key, name: key, value });
    const update = (id: string, value: unknown) => api.as(admin).patch(`/operational-policies/${id}`, { value });
    const refused: [unknown, string][] = [
      [lowest - 1, 'minimum'],
      [highest + 1, 'maximum'],
      ...beyond.map((v): [number, string] => [v, v < lowest ? 'minimum' : 'maximum']),
      [lowest + 0.5, 'type'],
      [String(lowest), 'type'],
      [true, 'type'],
    ];
    for (const [value, constraint] of refused) {
      const [detail] = expectValidation(t, await create(value), { 'body.value': constraint }, `create ${value}`);
      t.is(detail.message, `${category}.${key} must be an integer from ${lowest} to ${highest}`);
    }
    const policy = expectData(t, await create(lowest), 201);
    for (const [value, constraint] of refused)
      expectValidation(t, await update(policy.id, value), { 'body.value': constraint }, `update ${value}`);
    t.is(expectData(t, await api.as(admin).get(`/operational-policies/${policy.id}`)).value, lowest, 'unchanged');
    t.is(expectData(t, await update(policy.id, highest)).value, highest);
  });
}

test('kyc.requireVerifiedForPayout takes a boolean only, on create and on update', async (t) => {
  const create = (value: unknown) =>
    api
      .as(admin)
      .post('/operational-policies', { category: 'kyc', key: 'requireVerifiedForPayout', name: 'KYC', value });
  for (const value of [1, 'true', {}])
    expectValidation(t, await create(value), { 'body.value': 'type' }, JSON.stringify(value));
  const policy = expectData(t, await create(true), 201);
  expectValidation(t, await api.as(admin).patch(`/operational-policies/${policy.id}`, { value: 0 }), ['body.value']);
  t.false(expectData(t, await api.as(admin).patch(`/operational-policies/${policy.id}`, { value: false })).value);
});

test('the description of create and update names the bounds of every key the service reads', async (t) => {
  const doc = (await api.get('/openapi.json')).json();
  for (const [path, method] of [
    ['/operational-policies', 'post'],
    ['/operational-policies/{id}', 'patch'],
  ] as const) {
    const description: string = doc.paths[path][method].description;
    for (const rule of [
      'security.lockoutThreshold an integer from 3 to 100',
      'security.lockoutMinutes an integer from 1 to 1440',
      'payments.maxSinglePaymentMinor an integer from 1 to 9007199254740991',
      'kyc.requireVerifiedForPayout a boolean',
      'payments.gracePeriodDays an integer from 0 to 90',
    ])
      t.true(description.includes(rule), `${method} ${path}: ${rule}`);
  }
});
