import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { ForbiddenError } from '../../kernel/errors.js';
import { transition } from '../../kernel/workflow.js';
import { assertAnotherActiveAdmin, assertNotProvisionedBy, assertOutranks, callerChanged } from '../access/index.js';
import type { UserView } from '../users/index.js';
import { effectiveStatusOf, loadUserView, lockVisibleUser, USER_WORKFLOW, type UserAction } from '../users/index.js';
import { forgetFailures } from './lockout.js';
import { revokeSessions } from './sessions.js';

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
  return deps.uow.run(act, async (tx) => {
    const user = await lockVisibleUser(tx, act.caller.scope, id);
    if (action !== 'activate' && user.id === act.caller.userId)
      throw new ForbiddenError(`You cannot ${action} yourself`);
    await assertOutranks(tx, act.caller, id, action);
    if (action === 'activate') await assertNotProvisionedBy(tx, act.caller, id);
    const from = effectiveStatusOf(user);
    const to = transition(USER_WORKFLOW, action, from);
    if (to !== 'active') await assertAnotherActiveAdmin(tx, user, `be ${to}`);
    user.status = to;
    user.statusReason = reason ?? null;
    callerChanged(tx, id);
    if (to === 'active') {
      user.failedLoginCount = 0;
      user.lockedUntil = null;
      await forgetFailures(tx, user.email);
    }
    const sessionsEnded = to === 'suspended' || to === 'archived' ? await revokeSessions(tx, id, `user_${action}`) : 0;
    await tx.flush();
    return {
      result: (await loadUserView(tx, id))!,
      audit: {
        action: USER_WORKFLOW.steps[action].audit,
        subjectType: 'user',
        subjectId: id,
        summary: { from, to, reason, sessionsEnded },
      },
    };
  });
}
