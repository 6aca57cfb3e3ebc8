import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { statusOf, WIRE_ERRORS } from '../../api/http/errors.js';
import { ERROR_CODES } from '../../shared/catalogues.js';

/**
 * The error catalogue (docs/errors.md) is every code the service answers with: the kernel's, each
 * domain's (`<domain>.errors.ts`, listed by its manifest) and the wire's. A code raised in the
 * sources and missing from it, or listed and raised nowhere, fails here.
 */

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
const RAISED = [
  /Error\(\s*'([A-Z][A-Z_]{3,})'/g, // new DomainRuleError('CODE', ...), new UnauthenticatedError('CODE', ...)
  /Error\(\s*\d{3},\s*'([A-Z][A-Z_]{3,})'/g, // new HttpError(400, 'CODE', ...)
  /super\(\s*'[a-z_]+',\s*'([A-Z][A-Z_]{3,})'/g, // the kernel's errors
  /code = '([A-Z][A-Z_]{3,})'/g, // a default code
  /,\s*'([A-Z][A-Z_]{3,})'\s*\)/g, // a code as the last argument
  /super\([^)]*'([A-Z][A-Z_]{3,})'/g, // a code anywhere in a subclass's call of its parent
];
const raised = new Set(
  ['api', 'shared'].flatMap(sources).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return RAISED.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]));
  }),
);
const catalogue = new Map<string, { status: number; means: string; from: string }>([
  ...Object.entries(ERROR_CODES).map(
    ([code, e]) => [code, { status: statusOf(e.kind), means: e.means, from: e.from }] as const,
  ),
  ...Object.entries(WIRE_ERRORS).map(([code, e]) => [code, { ...e, from: 'the HTTP layer' }] as const),
]);

test('every error code the sources raise is in the catalogue', (t) => {
  t.true(raised.size > 20, 'the scan finds the codes');
  t.deepEqual([...raised].filter((code) => !catalogue.has(code)).sort(), []);
});

test('every code of the catalogue is raised somewhere', (t) => {
  t.deepEqual([...catalogue.keys()].filter((code) => !raised.has(code)).sort(), []);
});

test('docs/errors.md lists the catalogue as it is', (t) => {
  const rows = [...catalogue]
    .sort(([a, x], [b, y]) => x.status - y.status || a.localeCompare(b))
    .map(([code, e]) => `| ${e.status} | \`${code}\` | ${e.means} | ${e.from} |`);
  const expected = [
    '# Error codes',
    '',
    'Every error answer is `{ "error": { "code", "message", "details"? }, "meta": { "requestId", ... } }` with one',
    "of these codes; the status follows from the code. Generated from the error catalogue (the kernel's codes,",
    "each domain's `<domain>.errors.ts` and the HTTP layer's own) by `UPDATE_DOCS=1 npm test -- test/shared/error-catalogue.test.ts`;",
    'a test fails when this file, the catalogue and the codes the sources raise disagree.',
    '',
    '| Status | Code | Means | Raised by |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  const path = 'docs/errors.md';
  let docs = '';
  try {
    docs = readFileSync(path, 'utf8');
  } catch {}
  if (process.env.UPDATE_DOCS && docs !== expected) writeFileSync(path, expected);
  t.is(docs, expected, 'run UPDATE_DOCS=1 npm test -- test/shared/error-catalogue.test.ts to regenerate');
});
