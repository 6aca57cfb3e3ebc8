import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import test from 'ava';
import { ConfigSchema } from '../../shared/config/schema.js';
import { type Stack, startStack } from '../helpers/stack.js';

/** The README is a new user's first page: it links only into the repository and names only what exists. */
const readme = readFileSync('README.md', 'utf8');
const codeSpans = [...readme.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);

let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

test('the README documents every environment variable with its default', (t) => {
  for (const [name, schema] of Object.entries(ConfigSchema.properties)) {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    t.truthy(row, `${name} is missing from the README`);
    const def = (schema as { default?: unknown }).default;
    if (def !== undefined) t.true(row!.includes(`\`${String(def)}\``), `${name} default ${String(def)}`);
  }
});

test('the README links to nothing outside the repository, and every file it links to exists', (t) => {
  const links = [
    ...[...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]),
    ...[...readme.matchAll(/<([a-z][a-z0-9+.-]*:[^>\s]*)>/gi)].map((m) => m[1]),
  ];
  t.true(links.length > 0);
  for (const link of links) {
    t.false(/^[a-z][a-z0-9+.-]*:/i.test(link), `${link} leads outside the repository`);
    const file = link.split('#')[0];
    if (file) t.true(existsSync(join(dirname('README.md'), file)), `${link} does not exist`);
  }
});

test('every endpoint the README names is served', (t) => {
  const named = codeSpans.flatMap((span) => {
    const m =
      /^(?:(GET|POST|PUT|PATCH|DELETE) )?(\/(?:auth|users|roles|permissions|audit|health|system|webhooks|admin|docs|openapi)[^\s`]*)/.exec(
        span,
      );
    return m ? [{ method: (m[1] ?? 'GET') as 'GET', url: m[2].replace(/\{(\w+)\}/g, ':$1') }] : [];
  });
  t.true(named.length >= 8, named.map((n) => n.url).join(' '));
  for (const route of named) t.true(stack.app.hasRoute(route), `${route.method} ${route.url}`);
});

test('every npm command the README names is a script of package.json', (t) => {
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
  const named = [...readme.matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)/g)].map((m) => m[1] ?? m[2]);
  t.true(named.length >= 5);
  for (const name of named) t.truthy(scripts[name], `npm run ${name}`);
});

test('every environment variable the README names is read by the service, the tests or CI', (t) => {
  const readers = ['scripts/test.ts', '.ci/run', 'test/api/bull-board.test.ts', 'test/helpers/stack.ts']
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const named = new Set(
    codeSpans.flatMap((span) => [...span.matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g)].map((m) => m[1])),
  );
  t.true(named.has('CHROMIUM_PATH') && named.has('REQUIRE_BROWSER_TESTS'), 'the browser test needs are named');
  for (const name of named) t.true(name in ConfigSchema.properties || readers.includes(name), name);
});
