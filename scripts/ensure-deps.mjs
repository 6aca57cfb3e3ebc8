// Installs dependencies from the lockfile when node_modules is missing or older than it.
// Plain JavaScript with no imports beyond Node, so it runs on a fresh clone before `npm ci`.
import { execSync } from 'node:child_process';
import { existsSync, lstatSync, statSync } from 'node:fs';

const installed = 'node_modules/.package-lock.json';
const lock = 'package-lock.json';
const stale =
  !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000);
if (stale && existsSync('node_modules') && lstatSync('node_modules').isSymbolicLink()) {
  // npm ci empties node_modules through the link: the checkout it points to is not ours to reinstall.
  console.warn('node_modules is a link to another checkout and older than package-lock.json: not installing.');
} else if (stale) {
  console.log('Installing dependencies from package-lock.json ...');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}
