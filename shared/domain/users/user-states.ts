import type { TransitionTable } from '../state-machine.js';
import type { UserStatus } from './user.entity.js';

export type UserAction = 'activate' | 'suspend' | 'archive' | 'lock';

/** CONTRACT section 6, users. `lock` is the system's, after repeated failed passwords. */
export const USER_TRANSITIONS: TransitionTable<UserStatus, UserAction> = {
  activate: { from: ['pending', 'suspended', 'locked'], to: 'active' },
  suspend: { from: ['pending', 'active', 'locked'], to: 'suspended' },
  archive: { from: ['pending', 'active', 'suspended', 'locked'], to: 'archived' },
  lock: { from: ['active'], to: 'locked' },
};

/** The status a loaded user has now: a lock that has run out reads as active (as effectiveStatus does in SQL). */
export function effectiveStatusOf(user: { status: UserStatus; lockedUntil?: Date | null }, now = new Date()): UserStatus {
  return user.status === 'locked' && user.lockedUntil != null && user.lockedUntil <= now ? 'active' : user.status;
}
