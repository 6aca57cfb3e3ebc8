import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';

/** Files a person can hold: no source file passes 250 lines (migrations, written once and never read for rules, aside). */
const LIMIT = 250;
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'migrations'
        ? []
        : sources(join(dir, e.name))
      : /\.(ts|mts|mjs)$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );

test(`no source file passes ${LIMIT} lines`, (t) => {
  const files = ['api', 'shared', 'workers', 'scripts', 'bench'].flatMap(sources);
  t.true(files.length > 100, 'the walk finds the sources');
  const long = files
    .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter((f) => f.lines > LIMIT)
    .map((f) => `${f.file}: ${f.lines}`);
  t.deepEqual(long, []);
});
