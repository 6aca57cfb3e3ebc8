import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import test from 'ava';

/**
 * The import rules `npm run lint` enforces (.dependency-cruiser.cjs) bite: a small tree with one file
 * breaking each rule, beside files that keep them, is cruised with the project's own configuration.
 */

const root = resolve(import.meta.dirname, '../..');

const files: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', allowImportingTsExtensions: true } }),
  // Kept: the kernel alone; a domain on the kernel and on another domain's manifest; edges on manifests.
  'shared/kernel/clock.ts': 'export const now = () => new Date();',
  'shared/db/orm.ts': "import { now } from '../kernel/clock.ts';\nexport const at = now;",
  'shared/domain/claims/claim.entity.ts': "import { now } from '../../kernel/clock.ts';\nexport const Claim = now;",
  'shared/domain/claims/index.ts': "export { Claim } from './claim.entity.ts';",
  'shared/domain/policies/index.ts':
    "import { Claim } from '../claims/index.ts';\nexport { Policy } from './policy.entity.ts';\nexport const c = Claim;",
  'shared/domain/policies/policy.entity.ts': 'export const Policy = 1;',
  'api/routes/claims.ts': "import { Claim } from '../../shared/domain/claims/index.ts';\nexport const r = Claim;",
  // Broken, one rule each.
  'shared/kernel/reaches-up.ts': "import { Claim } from '../domain/claims/index.ts';\nexport const x = Claim;",
  'shared/db/knows-http.ts': "import { r } from '../../api/routes/claims.ts';\nexport const y = r;",
  'api/routes/policies.ts':
    "import { Policy } from '../../shared/domain/policies/policy.entity.ts';\nexport const p = Policy;",
  'shared/domain/disputes/dispute.ts': "import { Claim } from '../claims/claim.entity.ts';\nexport const d = Claim;",
  'workers/a.ts': "import { b } from './b.ts';\nexport const a = () => b;",
  'workers/b.ts': "import { a } from './a.ts';\nexport const b = () => a;",
};

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

let violations: Violation[];
test.before(() => {
  const dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), `${text}\n`);
    }
    let out: string;
    try {
      out = execFileSync(
        join(root, 'node_modules/.bin/depcruise'),
        ['api', 'shared', 'workers', '-c', join(root, '.dependency-cruiser.cjs'), '-T', 'json'],
        {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` },
        },
      );
    } catch (err) {
      // depcruise exits non-zero when it finds violations; its report is still on stdout.
      out = (err as { stdout: string }).stdout;
    }
    violations = (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const broken = (rule: string) =>
  violations
    .filter((v) => v.rule.name === rule)
    .map((v) => `${v.from} -> ${v.to}`)
    .sort();

test('the kernel and db may not import a domain or api/', (t) => {
  t.deepEqual(broken('kernel-knows-no-domain'), [
    'shared/db/knows-http.ts -> api/routes/claims.ts',
    'shared/kernel/reaches-up.ts -> shared/domain/claims/index.ts',
  ]);
});

test('api/ and workers/ may import a domain only through its index.ts', (t) => {
  t.deepEqual(broken('edges-use-the-manifest'), ['api/routes/policies.ts -> shared/domain/policies/policy.entity.ts']);
});

test("a domain may reach another only through that one's index.ts", (t) => {
  t.deepEqual(broken('domains-meet-at-the-manifest'), [
    'shared/domain/disputes/dispute.ts -> shared/domain/claims/claim.entity.ts',
  ]);
});

test('no import cycle exists', (t) => {
  // The cycle is reported once, at the edge where the cruise closes it.
  t.is(broken('no-circular').length, 1);
  t.regex(broken('no-circular')[0]!, /^workers\/[ab]\.ts -> workers\/[ab]\.ts$/);
});

test('nothing else is refused: the files that keep the rules pass', (t) => {
  t.is(violations.length, 5);
});
