import { ForbiddenError } from './errors.js';
import type { DataScope } from './scope.js';

/** The signed-in user a service acts for, resolved on every request (see CallerResolver). */
export interface Caller {
  /** The user, or the machine client (api-clients), acting: the audit actor. */
  userId: string;
  /** `client`: a machine client signed in with client credentials; it has no password, MFA or sessions of its own. */
  kind: 'person' | 'client';
  familyId: string;
  insurerId: string | null;
  permissions: ReadonlySet<string>;
  scope: DataScope;
}

/** Throws unless the caller holds every one of `needed` (used where a grant must not exceed the granter). */
export function assertHoldsAll(caller: Caller, needed: Iterable<string>, message: string): void {
  const missing = [...new Set(needed)].filter((p) => !caller.permissions.has(p)).sort();
  if (missing.length) throw new ForbiddenError(message, { missingPermissions: missing });
}
