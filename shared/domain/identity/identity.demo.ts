import { systemAct } from '../../kernel/act.js';
import { DEMO_INSURERS, DEMO_NAMES, type DemoAccount, type DemoContext, type DemoStep } from '../../kernel/demo.js';
import { uuidv7 } from '../../kernel/ids.js';
import { RoleEntity, SYSTEM_ROLES, UserRoleEntity } from '../access/index.js';
import { UserEntity } from '../users/index.js';
import { hashPassword } from './passwords.js';

/** The password of every demo account (printed by `npm run db:seed`; never use it outside a demo). */
export const DEMO_PASSWORD = 'demo-password-2026';
export const DEMO_ADMIN_EMAIL = 'admin@demo.example';

const roleId = (name: string) => SYSTEM_ROLES.find((r) => r.name === name)!.id;
const { first: FIRST, last: LAST } = DEMO_NAMES;

/** The people of the demo: an administrator, an underwriter, a claims handler, compliance, each insurer's staff, agents. */
const PEOPLE = [
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

/** Active demo accounts with the demo password and their system role. */
export const identityDemo: DemoStep = {
  async run(context: DemoContext) {
    const hash = await hashPassword(DEMO_PASSWORD);
    context.accounts = await context.deps.uow.run(systemAct('demo-seed'), async (em) => {
      const made: (DemoAccount & { name: string })[] = PEOPLE.map((p) => {
        const user = em.create(UserEntity, {
          id: uuidv7(),
          email: p.email,
          name: p.name,
          status: 'active',
          insurerId: p.insurerId,
          passwordHash: hash,
          passwordChangedAt: new Date(),
        });
        em.create(UserRoleEntity, { user, role: em.getReference(RoleEntity, roleId(p.role)) });
        return { ...p, id: user.id };
      });
      return {
        result: made,
        audit: made.map((u) => ({
          action: 'user.create',
          subjectType: 'user',
          subjectId: u.id,
          summary: { demo: true, role: u.role },
        })),
      };
    });
  },
};
