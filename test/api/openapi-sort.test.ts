import { readFileSync } from 'node:fs';
import test from 'ava';
import { type AdminStack, withAdminStack } from '../helpers/admin-stack.js';
import { expectValidation } from '../helpers/expect.js';

/** `sort` is declared, and validated, as a comma-separated list of each list's keys: a generated client offers exactly those. */
let { api, admin } = {} as AdminStack;
withAdminStack(test, (s) => ({ api, admin } = s));

// The served document, as the snapshot test holds it equal to the app's.
const doc = JSON.parse(readFileSync('test/fixtures/openapi.json', 'utf8'));

test('every list declares sort as a comma-separated list of its keys, each ascending and descending', (t) => {
  let lists = 0;
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    const sort = (item.get?.parameters ?? []).find((p: any) => p.in === 'query' && p.name === 'sort');
    if (!sort) continue;
    lists++;
    t.is(sort.schema?.type, 'array', path);
    t.is(sort.explode, false, `${path}: sort=a,b`);
    const keys: string[] = sort.schema?.items?.enum ?? [];
    t.true(keys.length >= 2, `${path} sort is an enum`);
    for (const key of keys.filter((k) => !k.startsWith('-'))) t.true(keys.includes(`-${key}`), `${path} -${key}`);
  }
  t.true(lists >= 15, `${lists} lists`);
  const users = doc.paths['/users'].get.parameters.find((p: any) => p.name === 'sort');
  t.deepEqual(users.schema.items.enum, ['createdAt', '-createdAt', 'email', '-email', 'name', '-name']);
});

test('a key outside the list is 400 naming its place in query.sort; several keys are taken in order', async (t) => {
  expectValidation(t, await api.as(admin).get('/users?sort=password'), { 'query.sort.0': 'enum' });
  expectValidation(t, await api.as(admin).get('/users?sort=name,password'), { 'query.sort.1': 'enum' });
  expectValidation(t, await api.as(admin).get('/users?sort=name,name'), { 'query.sort': 'uniqueItems' });
  const res = await api.as(admin).get('/users?sort=-name,createdAt&limit=1');
  t.is(res.statusCode, 200);
});
