// `npm run build`: compiles what runs (tsconfig.build.json) into dist/ and records a hash of the sources
// it was built from. `--if-changed` (npm start) compiles only when that hash differs from the sources now,
// so a start of an unchanged tree does not spend seconds in the compiler.
// Node runs this file as it is (its own type stripping; only erasable TypeScript here, and no import
// beyond Node): it runs before anything is built.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a build is made from: every file under the compiled folders, and the files that configure it. */
const SOURCE_DIRS = ['api', 'shared', 'workers', 'scripts'];
const SOURCE_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];
/** Files the build copies beside the compiled code. */
const ASSETS = ['api/plugins/board-sign-in.html'];
const STAMP = 'dist/.sources-hash';

function filesUnder(root: string, dir: string): string[] {
  const path = join(root, dir);
  if (!existsSync(path)) return [];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** A hash of the names and contents of the sources (content, not times: a checkout or a copy changes times). */
export function sourcesHash(root: string): string {
  const files = [
    ...SOURCE_DIRS.flatMap((dir) => filesUnder(root, dir)),
    ...SOURCE_FILES.filter((f) => existsSync(join(root, f))),
  ];
  const hash = createHash('sha256');
  for (const file of files.sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** True when dist/ was built, to the end, from the sources as they are now. */
export function builtFromSources(root: string): boolean {
  const stamp = join(root, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === sourcesHash(root);
}

function build(root: string): void {
  const hash = sourcesHash(root);
  // A build that fails half-way leaves no stamp, so the next start compiles again.
  rmSync(join(root, STAMP), { force: true });
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
  for (const asset of ASSETS) copyFileSync(join(root, asset), join(root, 'dist', asset));
  writeFileSync(join(root, STAMP), `${hash}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  if (process.argv.includes('--if-changed') && builtFromSources(root)) {
    console.log('dist/ is built from the current sources: not compiling.');
  } else {
    console.log('Compiling (tsconfig.build.json) ...');
    try {
      build(root);
    } catch {
      process.exit(1); // tsc has printed its errors
    }
  }
}
