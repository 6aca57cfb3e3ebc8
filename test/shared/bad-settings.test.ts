import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import test from 'ava';
import { compiledTree, procfile } from '../helpers/compiled-tree.js';

/**
 * A missing or bad setting stops every process at once: the Procfile's release, web and worker on a
 * built tree, and `npm start` before it would build. Exit 1 in under 2 s, every bad variable named
 * with what it expects, and no stack trace.
 */

const root = resolve(import.meta.dirname, '../..');
let dir: string;
test.before(() => {
  dir = compiledTree('bad-settings-');
});
test.after.always(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const BAD = { NODE_ENV: 'production', JWT_SECRET: 'too-short', DATABASE_URL: 'db.internal:5432/insurance' };

async function run(command: string) {
  const started = Date.now();
  const child = spawn(command, {
    cwd: dir,
    shell: true,
    env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`, ...BAD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const [code] = await once(child, 'exit');
  return { code: code as number | null, ms: Date.now() - started, output };
}

function stoppedAtOnce(t: import('ava').ExecutionContext, { code, ms, output }: Awaited<ReturnType<typeof run>>) {
  t.is(code, 1, output);
  t.true(ms < 2000, `took ${ms} ms`);
  t.log(`${ms} ms`);
  t.regex(output, /^Invalid configuration:$/m);
  t.regex(output, /^ {2}JWT_SECRET has an invalid value: expected at least 32 characters$/m);
  t.regex(output, /^ {2}DATABASE_URL has an invalid value: expected a PostgreSQL URL/m);
  t.notRegex(output, /^\s+at /m, 'no stack trace');
  t.false(output.includes(BAD.JWT_SECRET), 'no value shown');
}

for (const name of ['release', 'web', 'worker'])
  test.serial(
    `the Procfile's ${name} process with a bad JWT_SECRET and DATABASE_URL stops at once, naming both`,
    async (t) => {
      stoppedAtOnce(t, await run(procfile()[name]));
    },
  );

test.serial('npm start with bad settings stops at once, before it builds anything', async (t) => {
  // Sources changed since the build: a start that built before checking would compile first.
  const stamp = join(dir, 'dist/.sources-hash');
  writeFileSync(stamp, 'built from other sources\n');
  const result = await run('npm start');
  stoppedAtOnce(t, result);
  t.notRegex(result.output, /Compiling/);
  t.is(readFileSync(stamp, 'utf8'), 'built from other sources\n');
});
