import { readFileSync } from 'node:fs';
import test from 'ava';
import { ConfigSchema } from '../../shared/config/schema.js';

test('the README documents every environment variable with its default', (t) => {
  const readme = readFileSync('README.md', 'utf8');
  for (const [name, schema] of Object.entries(ConfigSchema.properties)) {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    t.truthy(row, `${name} is missing from the README`);
    const def = (schema as { default?: unknown }).default;
    if (def !== undefined) t.true(row!.includes(`\`${String(def)}\``), `${name} default ${String(def)}`);
  }
});
