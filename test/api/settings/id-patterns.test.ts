import test, { type ExecutionContext } from 'ava';
import { type IdEntity, nextNumber } from '../../../shared/domain/id-patterns/numbers.js';
import { type AdminStack, withAdminStack } from '../../helpers/admin-stack.js';
import { expectData, expectError } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';

/** Identifier patterns: the token language, one active pattern per entity, and a gapless, unique sequence. */
let { stack, api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin } = s));

const activeOf = async (t: ExecutionContext, entity: string) =>
  expectData(t, await api.as(admin).get('/id-patterns?limit=100')).find((p: any) => p.entity === entity && p.active);
const take = (entity: IdEntity, now?: Date) =>
  stack.app.deps.uow.run({ actor: 'system' }, async (tx) => ({ result: await nextNumber(tx, entity, now), audit: [] }));

test.serial('every entity has a seeded active pattern, and q and sort find them', async (t) => {
  const all = expectData(t, await api.as(admin).get('/id-patterns?limit=100&sort=entity'));
  t.deepEqual(
    all.filter((p: any) => p.active).map((p: any) => [p.entity, p.pattern]),
    [
      ['claim', 'CLM-{YYYY}-{SEQ:6}'],
      ['dispute', 'DSP-{YYYY}-{SEQ:6}'],
      ['endorsement', 'END-{YYYY}-{SEQ:6}'],
      ['policy', 'POL-{YYYY}-{SEQ:6}'],
      ['quotation', 'QUO-{YYYY}-{SEQ:6}'],
      ['renewal', 'REN-{YYYY}-{SEQ:6}'],
    ],
  );
  const found = expectData(t, await api.as(admin).get('/id-patterns?q=clm-'));
  t.deepEqual(
    found.map((p: any) => p.entity),
    ['claim'],
  );
  const one = expectData(t, await api.as(admin).get(`/id-patterns/${found[0].id}`));
  t.deepEqual(one, found[0]);
});

test.serial('200 numbers taken in parallel, each in its own transaction, are distinct and consecutive', async (t) => {
  const numbers = await Promise.all(Array.from({ length: 200 }, () => take('dispute')));
  const seq = numbers.map((n) => Number(n.split('-').pop())).sort((a, b) => a - b);
  t.is(new Set(numbers).size, 200);
  t.is(seq[199] - seq[0], 199);
});

test.serial('a number taken in a transaction that rolls back is given back: no gap', async (t) => {
  const first = await take('quotation');
  await t.throwsAsync(
    stack.app.deps.uow.run({ actor: 'system' }, async (tx) => {
      await nextNumber(tx, 'quotation');
      throw new Error('rolled back');
    }),
  );
  const second = await take('quotation');
  t.is(Number(second.split('-').pop()), Number(first.split('-').pop()) + 1);
});

test.serial(
  'a second active pattern of an entity answers 409; after deactivating the first, the new one numbers with the carried sequence',
  async (t) => {
    const old = await activeOf(t, 'renewal');
    expectError(
      t,
      await api.as(admin).post('/id-patterns', { entity: 'renewal', pattern: 'RN{YY}{MM}-{SEQ:5}' }),
      409,
      'CONFLICT',
    );
    const created = expectData(
      t,
      await api.as(admin).post('/id-patterns', { entity: 'renewal', pattern: 'RN{YY}{MM}-{SEQ:5}', active: false }),
      201,
    );
    t.like(created, { active: false, nextSequence: 1 });
    expectError(t, await api.as(admin).patch(`/id-patterns/${created.id}`, { active: true }), 409, 'CONFLICT', {
      field: 'body.active',
    });
    // The pattern text changes in place and its sequence carries on.
    const changed = expectData(
      t,
      await api.as(admin).patch(`/id-patterns/${old.id}`, { pattern: 'R/{YYYY}/{DD}/{SEQ:8}' }),
    );
    t.is(changed.nextSequence, old.nextSequence);
    const number = await take('renewal', new Date('2031-05-07T10:00:00Z'));
    t.is(number, `R/2031/07/${String(old.nextSequence).padStart(8, '0')}`);
    expectData(t, await api.as(admin).patch(`/id-patterns/${old.id}`, { active: false }));
    expectData(t, await api.as(admin).patch(`/id-patterns/${created.id}`, { active: true }));
    const fresh = await take('renewal', new Date('2031-05-07T10:00:00Z'));
    t.is(fresh, 'RN3105-00001');
  },
);

test.serial(
  'a number already in use (from another pattern whose numbers overlap) is skipped for the next free one of the sequence',
  async (t) => {
    const seeded = await activeOf(t, 'policy');
    for (const policyNumber of ['PX-000001', 'PX-000002', 'PX-000004'])
      await given.policy(stack, { agentId: admin.id, policyNumber });
    expectData(t, await api.as(admin).patch(`/id-patterns/${seeded.id}`, { active: false }));
    const overlapping = expectData(
      t,
      await api.as(admin).post('/id-patterns', { entity: 'policy', pattern: 'PX-{SEQ:6}' }),
      201,
    );
    t.is(await take('policy'), 'PX-000003');
    t.is(expectData(t, await api.as(admin).get(`/id-patterns/${overlapping.id}`)).nextSequence, 4);
    await given.policy(stack, { agentId: admin.id, policyNumber: 'PX-000003' });
    t.is(await take('policy'), 'PX-000005');
    expectData(t, await api.as(admin).patch(`/id-patterns/${overlapping.id}`, { active: false }));
    expectData(t, await api.as(admin).patch(`/id-patterns/${seeded.id}`, { active: true }));
  },
);

test('a second pattern of an entity with the same text answers 409 naming the first, on create and on update', async (t) => {
  const claim = (await activeOf(t, 'claim')) as { id: string; pattern: string };
  expectError(
    t,
    await api.as(admin).post('/id-patterns', { entity: 'claim', pattern: claim.pattern, active: false }),
    409,
    'CONFLICT',
    {
      field: 'body.pattern',
      patternId: claim.id,
    },
  );
  const other = expectData(
    t,
    await api.as(admin).post('/id-patterns', { entity: 'claim', pattern: 'CL-{YY}-{SEQ:7}', active: false }),
    201,
  );
  expectError(t, await api.as(admin).patch(`/id-patterns/${other.id}`, { pattern: claim.pattern }), 409, 'CONFLICT');
  // The same text for another entity is fine: its numbers go to another table.
  expectData(
    t,
    await api.as(admin).post('/id-patterns', { entity: 'quotation', pattern: claim.pattern, active: false }),
    201,
  );
  // Patching a pattern to its own text changes nothing and answers 200.
  expectData(t, await api.as(admin).patch(`/id-patterns/${claim.id}`, { pattern: claim.pattern }));
});

test('an invalid pattern answers 400 on body.pattern naming the problem', async (t) => {
  const cases: [string, RegExp][] = [
    ['POL-{YYYY}', /needs \{SEQ:n\} or a \{RAND:n\} of at least 6/],
    ['POL-{RAND:5}', /needs \{SEQ:n\} or a \{RAND:n\} of at least 6/],
    ['POL-{SEQ:3}', /width n from 4 to 12/],
    ['POL-{SEQ:13}', /width n from 4 to 12/],
    ['POL-{SEQ}', /width n from 4 to 12/],
    ['POL-{HH}-{SEQ:6}', /is not a token/],
    ['POL {SEQ:6}', /characters other than/],
    ['{SEQ:6}-{SEQ:6}', /at most one/],
    ['POL-{SEQ:6', /characters other than/],
  ];
  for (const [pattern, message] of cases) {
    const error = expectError(
      t,
      await api.as(admin).post('/id-patterns', { entity: 'policy', pattern, active: false }),
      400,
      'VALIDATION_ERROR',
      undefined,
      pattern,
    );
    t.true(
      error.details.every((d: { field: string }) => d.field === 'body.pattern'),
      pattern,
    );
    t.true(
      error.details.some((d: { message: string }) => message.test(d.message)),
      pattern,
    );
  }
  // RAND alone is enough from 6.
  expectData(
    t,
    await api.as(admin).post('/id-patterns', { entity: 'policy', pattern: 'P-{RAND:8}', active: false }),
    201,
  );
});

test('unknown ids answer 404; reading needs id_pattern:read and writing id_pattern:write', async (t) => {
  expectError(t, await api.as(admin).get('/id-patterns/01900000-0000-7000-8000-000000000000'), 404, 'NOT_FOUND');
  expectError(
    t,
    await api.as(admin).patch('/id-patterns/01900000-0000-7000-8000-000000000000', { active: false }),
    404,
    'NOT_FOUND',
  );
  const reader = await given.user(stack, { permissions: ['id_pattern:read'] });
  expectData(t, await api.as(reader).get('/id-patterns'));
  expectError(
    t,
    await api.as(reader).post('/id-patterns', { entity: 'claim', pattern: 'C-{SEQ:6}' }),
    403,
    'FORBIDDEN',
    { missingPermissions: ['id_pattern:write'] },
  );
  const nobody = await given.user(stack, { permissions: ['user:read'] });
  expectError(t, await api.as(nobody).get('/id-patterns'), 403, 'FORBIDDEN', {
    missingPermissions: ['id_pattern:read'],
  });
});
