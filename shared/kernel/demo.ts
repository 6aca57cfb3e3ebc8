import type { UserAct } from './act.js';
import type { ServiceDeps } from './deps.js';

/**
 * The demo data set (`npm run db:seed`): each domain with a `demo` step in its manifest adds its part
 * through its own services, after the domains it names in `after`, reading what they made from the
 * context (identity's accounts, the policies' issued terms).
 */
export interface DemoStep {
  /** The domains whose part this one builds on (run first, whatever the order of the list). */
  after?: readonly string[];
  run(context: DemoContext): Promise<void>;
  /** The tables whose rows by status the summary counts. */
  tally?: readonly ('policies' | 'renewals' | 'endorsements')[];
}

export interface DemoAccount {
  id: string;
  email: string;
  role: string;
  insurerId: string | null;
}

export interface DemoContext {
  deps: ServiceDeps;
  random: DemoRandom;
  /** The service's today, when the demo is made. */
  today: string;
  /** How many policies to issue. */
  size: { policies: number };
  /** Acting as a demo user with every permission and scope all, as the seed's own request. */
  actAs(userId: string, requestId: string): UserAct;
  /** The accounts identity made. */
  accounts: DemoAccount[];
  /** The terms the policies domain issued. */
  issued: { id: string; effectiveFrom: string; effectiveTo: string }[];
}

/** The insurers of the demo data set. */
export const DEMO_INSURERS = ['savanna-mutual', 'coastline-assurance'] as const;

/** Given and family names, for demo accounts and policy holders. */
export const DEMO_NAMES = {
  first: [
    'Wanjiru',
    'Otieno',
    'Achieng',
    'Kamau',
    'Njeri',
    'Mwangi',
    'Akinyi',
    'Kiprono',
    'Zawadi',
    'Baraka',
    'Amina',
    'Juma',
  ],
  last: ['Kamau', 'Odhiambo', 'Wambui', 'Mutua', 'Chebet', 'Kariuki', 'Onyango', 'Mwende', 'Hassan', 'Njoroge'],
} as const;

export type DemoRandom = ReturnType<typeof demoRandom>;

/** Deterministic pseudo-random numbers (mulberry32), so every demo install looks the same. */
export function demoRandom(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}
