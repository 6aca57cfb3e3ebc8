import { defineWorkflow } from '../../kernel/workflow.js';
import { USER_STATUSES, type UserStatus } from './user.entity.js';

/** A user's status: the administrators' actions, and the system moves of a lock (failed sign-ins lock an email or a device, never the account). */
export const USER_WORKFLOW = defineWorkflow('user', USER_STATUSES, {
  activate: {
    from: ['pending', 'suspended', 'locked'],
    to: 'active',
    permission: 'user:activate',
    audit: 'user.activate',
  },
  suspend: {
    from: ['pending', 'active', 'locked'],
    to: 'suspended',
    permission: 'user:suspend',
    audit: 'user.suspend',
  },
  archive: {
    from: ['pending', 'active', 'suspended', 'locked'],
    to: 'archived',
    permission: 'user:suspend',
    audit: 'user.archive',
  },
  lock: { from: ['active'], to: 'locked', permission: 'system', audit: 'user.lock' },
  unlock: { from: ['locked'], to: 'active', permission: 'system', audit: 'user.unlock' },
});
export type UserAction = keyof typeof USER_WORKFLOW.steps;

/** The status a loaded user has now: a lock that has run out reads as active (as effectiveStatus does in SQL). */
export function effectiveStatusOf(
  user: { status: UserStatus; lockedUntil?: Date | null },
  now = new Date(),
): UserStatus {
  return user.status === 'locked' && user.lockedUntil != null && user.lockedUntil <= now ? 'active' : user.status;
}
