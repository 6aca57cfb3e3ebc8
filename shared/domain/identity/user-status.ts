import type { UserAct } from '../../kernel/act.js';
import { type At, defineActions, runAction } from '../../kernel/action.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { ForbiddenError } from '../../kernel/errors.js';
import { scopeFilter } from '../../kernel/scope.js';
import { assertAnotherActiveAdmin, assertNotProvisionedBy, assertOutranks, callerChanged } from '../access/index.js';
import {
  effectiveStatusOf,
  emailOf,
  loadUserView,
  USER_SCOPE_FIELDS,
  USER_WORKFLOW,
  UserEntity as User,
  type UserAction,
  type UserView,
} from '../users/index.js';
import { forgetFailures } from './lockout.js';
import { revokeSessions } from './sessions.js';

/** An administrator's actions on a user in their scope, from the state the user is in now; answered with the user. */
const USER_ACTIONS = defineActions({
  entity: User,
  subject: 'user',
  workflow: USER_WORKFLOW,
  // People only: a machine client is changed through the api-clients routes (its status there is its truth).
  within: ({ act }: At<ServiceDeps, UserAct>) => ({
    ...scopeFilter(act.caller.scope, USER_SCOPE_FIELDS),
    kind: 'person' as const,
  }),
  stateOf: (user) => effectiveStatusOf(user),
  answer: async (em, user) => (await loadUserView(em, user.id))!,
});

export type AdministrativeUserAction = Extract<UserAction, 'activate' | 'suspend' | 'archive'>;

/**
 * An administrator's status change, from the workflow table. Suspending or archiving ends every
 * session at once; activating a locked user clears the lockout. Nobody suspends or archives themselves
 * or acts on someone who outranks them, the last active admin stays active, and below scope all nobody
 * activates an account they created (four eyes).
 */
export async function changeUserStatus(
  deps: ServiceDeps,
  act: UserAct,
  input: { id: string; action: AdministrativeUserAction; reason?: string },
): Promise<UserView> {
  const { id, action, reason } = input;
  return runAction({ deps, act }, USER_ACTIONS, {
    id,
    action,
    guard: async (user, tx) => {
      if (action !== 'activate' && user.id === act.caller.userId)
        throw new ForbiddenError(`You cannot ${action} yourself`);
      await assertOutranks(tx, act.caller, id, action);
      if (action === 'activate') await assertNotProvisionedBy(tx, act.caller, id);
    },
    apply: async (user, tx, { to }) => {
      if (to !== 'active') await assertAnotherActiveAdmin(tx, user, `be ${to}`);
      user.statusReason = reason ?? null;
      callerChanged(tx, id);
      if (to === 'active') {
        user.failedLoginCount = 0;
        user.lockedUntil = null;
        await forgetFailures(tx, emailOf(user));
      }
      const sessionsEnded =
        to === 'suspended' || to === 'archived' ? await revokeSessions(tx, id, `user_${action}`) : 0;
      return { summary: { reason, sessionsEnded } };
    },
  });
}
