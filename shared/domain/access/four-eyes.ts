import { ForbiddenError } from '../../kernel/errors.js';

/**
 * Four eyes: whoever made a change (filed a claim, created an endorsement) does not also check it
 * (settle, pay, approve), whatever they hold. 403 with `details.reason: "four_eyes"`. A maker not
 * recorded (null: records older than the rule) restricts nobody.
 */
export function assertFourEyes(maker: string | null | undefined, checker: string, message: string): void {
  if (maker && maker === checker) throw new ForbiddenError(message, { reason: 'four_eyes' });
}
