import { PERMISSION_NAMES } from '../shared/catalogues.js';
import { db } from '../shared/db/database.js';
import { DEMO_ADMIN_EMAIL } from '../shared/domain/identity/index.js';
import { domains } from '../shared/domains.js';
import { today as todayOf } from '../shared/kernel/clock.js';
import { type DemoContext, type DemoStep, demoRandom } from '../shared/kernel/demo.js';
import type { ServiceDeps } from '../shared/kernel/deps.js';
import type { DomainManifest } from '../shared/kernel/manifest.js';

type Tallied = 'policies' | 'renewals' | 'endorsements';
export type DemoSummary = {
  created: boolean;
  accounts: { email: string; role: string; insurerId: string | null }[];
} & Record<Tallied, Record<string, number>>;

/**
 * A believable data set to explore the API and Bull Board with: two insurers, their staff, agents,
 * an underwriter, a claims handler and a compliance officer; some hundreds of policies over two years
 * in every status, endorsements pending and approved, renewals at every stage. Each domain's `demo`
 * step makes its part through its services (so numbers, timelines and the audit trail are real), in
 * the order of the domains. Does nothing when the demo admin already exists.
 */
export async function seedDemoData(deps: ServiceDeps, opts: { policies?: number } = {}): Promise<DemoSummary> {
  const none = { created: false, accounts: [], policies: {}, renewals: {}, endorsements: {} };
  const exists = await db(deps.orm.em.fork())
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ADMIN_EMAIL)
    .executeTakeFirst();
  if (exists) return none;
  const context: DemoContext = {
    deps,
    random: demoRandom(20261122),
    today: todayOf(deps.clock),
    size: { policies: opts.policies ?? 300 },
    actAs: (userId, requestId) => ({
      actor: userId,
      requestId,
      caller: {
        userId,
        kind: 'person',
        familyId: 'demo-seed',
        insurerId: null,
        permissions: new Set(PERMISSION_NAMES),
        scope: { kind: 'all' },
      },
    }),
    accounts: [],
    issued: [],
  };
  const steps = inOrder(domains as readonly DomainManifest[]);
  for (const step of steps) await step.run(context);
  const summary: DemoSummary = {
    ...none,
    created: true,
    accounts: context.accounts.map(({ email, role, insurerId }) => ({ email, role, insurerId })),
  };
  for (const table of steps.flatMap((s) => s.tally ?? [])) summary[table] = await tally(deps, table);
  return summary;
}

async function tally(deps: ServiceDeps, table: Tallied): Promise<Record<string, number>> {
  const rows = await db(deps.orm.em.fork())
    .selectFrom(table)
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .orderBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The domains' demo steps, each after the ones it names in `after` (else in the order of the domains). */
function inOrder(manifests: readonly DomainManifest[]): DemoStep[] {
  const withDemo = manifests.filter((d) => d.demo);
  const done = new Set<string>();
  const ordered: DemoStep[] = [];
  while (ordered.length < withDemo.length) {
    const next = withDemo.find((d) => !done.has(d.name) && (d.demo!.after ?? []).every((name) => done.has(name)));
    if (!next) throw new Error('The demo steps wait on each other (or on a domain without one)');
    done.add(next.name);
    ordered.push(next.demo!);
  }
  return ordered;
}
