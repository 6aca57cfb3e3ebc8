/**
 * The slowest test files start first (longest first): with three files at a time, a run that starts
 * a 100-second file last ends waiting on it alone. The rest run in path order.
 */
const SLOWEST_FIRST = [
  'test/shared/production-recipe.test.ts',
  'test/faults/',
  'test/shared/process.test.ts',
  'test/shared/npm-start.test.ts',
  'test/api/claims/workflow.test.ts',
  'test/api/auth/',
];
/** Files that time a process's start (a bad setting stops it within 2 s): last, when fewer files run beside them. */
const QUIETEST_LAST = ['test/shared/bad-settings.test.ts'];
const rank = (file) => {
  if (QUIETEST_LAST.some((name) => file.includes(name))) return SLOWEST_FIRST.length + 1;
  const i = SLOWEST_FIRST.findIndex((prefix) => file.includes(prefix));
  return i === -1 ? SLOWEST_FIRST.length : i;
};

export default {
  extensions: ['ts'],
  // Node's own type stripping (scripts/strip-types.mjs): a test process starts twice as fast as with tsx.
  nodeArguments: ['--import=./scripts/strip-types.mjs'],
  files: ['test/**/*.test.ts'],
  timeout: '90s',
  workerThreads: false,
  concurrency: 3,
  sortTestFiles: (a, b) => rank(a) - rank(b) || a.localeCompare(b),
};
