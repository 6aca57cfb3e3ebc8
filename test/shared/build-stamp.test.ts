import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import test from 'ava';
import { builtFromSources, sourcesHash } from '../../scripts/build.js';

/**
 * `npm start` compiles only when the sources changed since the last build (scripts/build.ts): the
 * build records a hash of the names and contents of what it is made from, and a start compares it.
 */

const root = resolve(import.meta.dirname, '../..');
let dir: string;
test.before(() => {
  dir = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  for (const source of ['api', 'shared', 'workers', 'scripts', 'tsconfig.json', 'tsconfig.build.json'])
    cpSync(join(root, source), join(dir, source), { recursive: true });
  mkdirSync(join(dir, 'dist'));
});
test.after.always(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const built = () => writeFileSync(join(dir, 'dist/.sources-hash'), `${sourcesHash(dir)}\n`);

test.serial('a tree never built, or built from other sources, is not up to date', (t) => {
  t.false(builtFromSources(dir));
  writeFileSync(join(dir, 'dist/.sources-hash'), 'something else\n');
  t.false(builtFromSources(dir));
  built();
  t.true(builtFromSources(dir));
});

test.serial('new file times alone (a checkout, a copy) do not call for a build', (t) => {
  built();
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(dir, 'shared/config/index.ts'), later, later);
  utimesSync(join(dir, 'tsconfig.build.json'), later, later);
  t.true(builtFromSources(dir));
});

test.serial('a changed, added or removed source, or a changed build setting, calls for a build', (t) => {
  const file = join(dir, 'shared/kernel/ids.ts');
  const before = readFileSync(file, 'utf8');
  built();
  appendFileSync(file, '// changed\n');
  t.false(builtFromSources(dir));
  writeFileSync(file, before);
  t.true(builtFromSources(dir), 'the same contents again');

  writeFileSync(join(dir, 'api/added.ts'), 'export {};\n');
  t.false(builtFromSources(dir));
  rmSync(join(dir, 'api/added.ts'));
  t.true(builtFromSources(dir));

  rmSync(join(dir, 'workers/worker.ts'));
  t.false(builtFromSources(dir));
  built();

  appendFileSync(join(dir, 'tsconfig.json'), '\n');
  t.false(builtFromSources(dir));
});
