import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import test from 'ava';
import { type Stack, startStack } from '../helpers/stack.js';

/**
 * The OpenAPI document integrators generate clients from changes only on purpose: the served document
 * equals test/fixtures/openapi.json, byte for byte once formatted. A change to the API updates that file in
 * the same commit (`npm run openapi -- test/fixtures/openapi.json`), so the diff shows what clients see change;
 * a restructuring of the code leaves it untouched.
 */

const fixture = resolve(import.meta.dirname, '../fixtures/openapi.json');
let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

test('the served OpenAPI document is the recorded one', async (t) => {
  const served = (await stack.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const recorded = JSON.parse(readFileSync(fixture, 'utf8'));
  t.deepEqual(
    served,
    recorded,
    'the API changed: review the change and run npm run openapi -- test/fixtures/openapi.json',
  );
});
