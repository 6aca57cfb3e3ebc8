import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { sourcesHash } from '../../scripts/build.js';

const root = resolve(import.meta.dirname, '../..');

/** What the build is made from, copied as they are. */
const SOURCES = ['api', 'shared', 'workers', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];

/**
 * A copy of this checkout as `npm run build` leaves it, in a new temporary directory: the sources,
 * dist/ (every file tsconfig.build.json names, transpiled file by file: a second, where the compiler
 * type-checks for many), the sign-in page, and the hash that says dist/ was built from these sources.
 * node_modules is this checkout's, linked; package-lock.json is not copied, so the start scripts never
 * find anything to install.
 */
export function compiledTree(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const source of SOURCES) cpSync(join(root, source), join(dir, source), { recursive: true });
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('tsconfig.build.json could not be read');
  const compilerOptions = {
    ...parsed.options,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    sourceMap: false,
  };
  for (const file of parsed.fileNames) {
    if (file.endsWith('.d.ts')) continue;
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), { fileName: file, compilerOptions });
    const out = join(dir, 'dist', relative(root, file).replace(/\.ts$/, '.js'));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, outputText);
  }
  copyFileSync(join(root, 'api/plugins/board-sign-in.html'), join(dir, 'dist/api/plugins/board-sign-in.html'));
  writeFileSync(join(dir, 'dist/.sources-hash'), `${sourcesHash(dir)}\n`);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The Procfile's processes by name, as their commands. */
export function procfile(): Record<string, string> {
  const lines = readFileSync(join(root, 'Procfile'), 'utf8').split('\n').filter(Boolean);
  return Object.fromEntries(lines.map((line) => line.split(/:\s*(.*)/s).slice(0, 2)));
}
