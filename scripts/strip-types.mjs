/**
 * Runs the TypeScript sources as they are, for the test suite and the processes it starts (ava's
 * `nodeArguments`): Node's own type stripping behind synchronous, in-thread module hooks. It starts a
 * process about twice as fast as tsx (whose hooks run on a loader thread), and type-checking is
 * `npm run typecheck`'s job anyway. Imports name `.js` files, as the compiled tree has them: a
 * relative `.js` import from a `.ts` file loads the `.ts` beside it. Types are erased in place, so
 * lines and columns stay those of the source; a file with syntax erasing cannot express (parameter
 * properties) is transformed instead.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { enableCompileCache, registerHooks, stripTypeScriptTypes } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A test run starts a process per test file, each loading the same few hundred modules: the stripped
// sources (by their text's digest) and V8's compiled code are kept on disk for the next process.
const cacheDir = join(tmpdir(), 'ins-strip-types-cache');
mkdirSync(cacheDir, { recursive: true });
enableCompileCache(join(cacheDir, 'v8'));

// Node marks stripTypeScriptTypes experimental: one warning per process, which says nothing to a test.
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => {
  if (String(warning).includes('stripTypeScriptTypes')) return;
  return emitWarning.call(process, warning, ...rest);
};

const toTypeScript = (specifier, parentURL) =>
  specifier.endsWith('.js') && (specifier[0] === '.' || specifier[0] === '/') && parentURL?.endsWith('.ts')
    ? `${specifier.slice(0, -3)}.ts`
    : undefined;

function javaScriptOf(url) {
  const code = readFileSync(fileURLToPath(url), 'utf8');
  const cached = join(cacheDir, `${createHash('sha1').update(url).update('\0').update(code).digest('hex')}.js`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    const stripped = strip(code, url);
    // Written whole, then renamed: a process reading it at the same moment sees all of it or none.
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, stripped);
    renameSync(partial, cached);
    return stripped;
  }
}

function strip(code, url) {
  try {
    return stripTypeScriptTypes(code, { mode: 'strip', sourceUrl: url });
  } catch {
    return stripTypeScriptTypes(code, { mode: 'transform', sourceMap: true, sourceUrl: url });
  }
}

// TEST_CPU_PROFILE=<file>: each test process appends its test file, CPU seconds and wall seconds, to
// find which files cost the suite most (`sort -t "$(printf "\t")" -k2 -rn` on it).
const profile = process.env.TEST_CPU_PROFILE ? { file: '', started: Date.now() } : undefined;
if (profile)
  process.on('exit', () => {
    if (!profile.file) return;
    const { user, system } = process.cpuUsage();
    const line = `${fileURLToPath(profile.file)}\t${((user + system) / 1e6).toFixed(2)}\t${((Date.now() - profile.started) / 1000).toFixed(2)}\n`;
    appendFileSync(process.env.TEST_CPU_PROFILE, line);
  });

registerHooks({
  resolve(specifier, context, nextResolve) {
    const typescript = toTypeScript(specifier, context.parentURL);
    if (typescript) {
      try {
        return nextResolve(typescript, context);
      } catch {
        // A real .js file (a script beside the sources): resolved as it is named.
      }
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (profile && !profile.file && /\/test\/.*\.test\.ts$/.test(url)) profile.file = url;
    if (url.endsWith('.ts') && url.startsWith('file:') && !url.includes('/node_modules/'))
      return { format: 'module', source: javaScriptOf(url), shortCircuit: true };
    return nextLoad(url, context);
  },
});
