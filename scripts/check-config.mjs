// `npm start` checks the settings before it builds anything: a bad one is reported in well under a
// second, not after a compile. It reads the settings module from the TypeScript sources, with Node's
// own type stripping (shared/config holds only erasable syntax), so nothing needs to be built first.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

// The sources import each other by the names the build gives them (`./schema.js`); read the .ts instead.
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
      if (existsSync(fileURLToPath(ts))) return nextResolve(ts.href, context);
    }
    return nextResolve(specifier, context);
  },
});

const { ConfigError, loadConfig } = await import('../shared/config/index.ts');
try {
  loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
