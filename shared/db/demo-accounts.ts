import { PERMISSION_NAMES } from '../catalogues.js';
import { Role } from '../domain/access/role.entity.js';
import { SYSTEM_ROLES } from '../domain/access/system-roles.js';
import { UserRole } from '../domain/access/user-role.entity.js';
import { hashPassword } from '../domain/identity/passwords.js';
import { User } from '../domain/users/user.entity.js';
import { systemAct, type UserAct } from '../kernel/act.js';
import type { ServiceDeps } from '../kernel/deps.js';
import { uuidv7 } from '../kernel/ids.js';

/** The people of the demo data set: their accounts, names and the insurers they work for. */

/** The password of every demo account (printed by `npm run db:seed`; never use it outside a demo). */
export const DEMO_PASSWORD = 'demo-password-2026';
export const DEMO_ADMIN_EMAIL = 'admin@demo.example';

export const DEMO_INSURERS = ['savanna-mutual', 'coastline-assurance'] as const;

/** Given and family names, for demo accounts and policy holders. */
export const FIRST = [
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
];
export const LAST = [
  'Kamau',
  'Odhiambo',
  'Wambui',
  'Mutua',
  'Chebet',
  'Kariuki',
  'Onyango',
  'Mwende',
  'Hassan',
  'Njoroge',
];

const roleId = (name: string) => SYSTEM_ROLES.find((r) => r.name === name)!.id;

/** Active demo accounts with the demo password and their system role. */
export async function demoAccounts(deps: ServiceDeps) {
  const hash = await hashPassword(DEMO_PASSWORD);
  const people = [
    { email: DEMO_ADMIN_EMAIL, name: 'Demo Administrator', role: 'admin', insurerId: null },
    { email: 'underwriter@demo.example', name: 'Grace Underwriter', role: 'underwriter', insurerId: null },
    { email: 'claims@demo.example', name: 'Peter Claims', role: 'claims_handler', insurerId: null },
    { email: 'compliance@demo.example', name: 'Faith Compliance', role: 'compliance_officer', insurerId: null },
    ...DEMO_INSURERS.map((insurerId, i) => ({
      email: `staff@${insurerId}.example`,
      name: `${['Ruth', 'Daniel'][i]} of ${insurerId}`,
      role: 'insurer_staff',
      insurerId,
    })),
    ...[1, 2, 3, 4].map((n) => ({
      email: `agent${n}@demo.example`,
      name: `${FIRST[n]} ${LAST[n]} (agent)`,
      role: 'agent',
      insurerId: null,
    })),
  ];
  return deps.uow.run(systemAct('demo-seed'), async (em) => {
    const ids = people.map((p) => {
      const user = em.create(User, {
        id: uuidv7(),
        email: p.email,
        name: p.name,
        status: 'active',
        insurerId: p.insurerId,
        passwordHash: hash,
        passwordChangedAt: new Date(),
      });
      em.create(UserRole, { user, role: em.getReference(Role, roleId(p.role)) });
      return { ...p, id: user.id };
    });
    return {
      result: ids,
      audit: ids.map((u) => ({
        action: 'user.create',
        subjectType: 'user',
        subjectId: u.id,
        summary: { demo: true, role: u.role },
      })),
    };
  });
}

/** Acting as a demo user with every permission and scope all, as the seed's own request. */
export const actAs = (userId: string, requestId: string): UserAct => ({
  actor: userId,
  requestId,
  caller: {
    userId,
    familyId: 'demo-seed',
    insurerId: null,
    permissions: new Set(PERMISSION_NAMES),
    scope: { kind: 'all' },
  },
});
