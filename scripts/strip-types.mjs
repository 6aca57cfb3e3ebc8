/**
 * Runs the TypeScript sources as they are, for the test suite and the processes it starts (ava's
 * `nodeArguments`): Node's own type stripping behind synchronous, in-thread module hooks. It starts a
 * process about twice as fast as tsx (whose hooks run on a loader thread), and type-checking is
 * `npm run typecheck`'s job anyway. Imports name `.js` files, as the compiled tree has them: a
 * relative `.js` import from a `.ts` file loads the `.ts` beside it. Types are erased in place, so
 * lines and columns stay those of the source; a file with syntax erasing cannot express (parameter
 * properties) is transformed instead.
 */
import { readFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { fileURLToPath } from 'node:url';

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
  try {
    return stripTypeScriptTypes(code, { mode: 'strip', sourceUrl: url });
  } catch {
    return stripTypeScriptTypes(code, { mode: 'transform', sourceMap: true, sourceUrl: url });
  }
}

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
    if (url.endsWith('.ts') && url.startsWith('file:') && !url.includes('/node_modules/'))
      return { format: 'module', source: javaScriptOf(url), shortCircuit: true };
    return nextLoad(url, context);
  },
});
