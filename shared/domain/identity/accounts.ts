import { flushOrConflict } from '../../db/flush.js';
import type { UserAct } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import { ForbiddenError } from '../../kernel/errors.js';
import { uuidv7 } from '../../kernel/ids.js';
import { produce } from '../../kernel/jobs.js';
import { assertOutranks, callerChanged } from '../access/index.js';
import { assertNewUserCanSetPassword } from '../mail/index.js';
import {
  type CreateUserInput,
  loadUserView,
  lockVisibleUser,
  type UpdateUserInput,
  UserEntity,
  type UserView,
} from '../users/index.js';
import { PasswordResetToken } from './credential.entities.js';
import { SEND_MAIL } from './identity.jobs.js';
import { assertPasswordAllowed, hashPassword } from './passwords.js';

/** Creates a pending user, with an initial password or, without one, a set-password mail. */
export async function createUser(deps: ServiceDeps, act: UserAct, input: CreateUserInput): Promise<UserView> {
  const { scope } = act.caller;
  let insurerId = input.insurerId ?? null;
  if (scope.kind === 'agent') throw new ForbiddenError('Your data scope does not allow creating users');
  if (scope.kind === 'insurer') {
    if (insurerId && insurerId !== scope.insurerId)
      throw new ForbiddenError('The insurerId is outside your data scope');
    insurerId = scope.insurerId;
  }
  assertNewUserCanSetPassword(deps.config, input.password);
  if (input.password) assertPasswordAllowed(input.password, input.email, 'password');
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return deps.uow.run(act, async (tx) => {
    const user = tx.create(UserEntity, {
      id: uuidv7(),
      email: input.email.trim(),
      name: input.name.trim(),
      phone: input.phone ?? null,
      insurerId,
      locale: input.locale ?? 'en',
      status: 'pending',
      passwordHash,
      passwordChangedAt: passwordHash ? new Date() : null,
    });
    const jobs = [];
    if (!passwordHash) {
      const reset = tx.create(PasswordResetToken, { id: uuidv7(), user, purpose: 'set_password' });
      jobs.push(produce(SEND_MAIL, { kind: 'password_reset', resetId: reset.id }));
    }
    // The unique index on lower(email) settles a duplicate, also one created concurrently.
    await flushOrConflict(tx, 'A user with this email already exists', 'email');
    return {
      result: (await loadUserView(tx, user.id))!,
      audit: {
        action: 'user.create',
        subjectType: 'user',
        subjectId: user.id,
        summary: { insurerId, withPassword: Boolean(passwordHash) },
      },
      jobs,
    };
  });
}

export async function updateUser(
  deps: ServiceDeps,
  act: UserAct,
  { id, ...changes }: UpdateUserInput & { id: string },
): Promise<UserView> {
  if (changes.insurerId !== undefined && act.caller.scope.kind !== 'all')
    throw new ForbiddenError("Changing a user's insurer needs data scope all");
  return deps.uow.run(act, async (tx) => {
    const user = await lockVisibleUser(tx, act.caller.scope, id);
    await assertOutranks(tx, act.caller, id, 'update');
    if (changes.name !== undefined) user.name = changes.name.trim();
    if (changes.phone !== undefined) user.phone = changes.phone;
    if (changes.insurerId !== undefined && changes.insurerId !== user.insurerId) {
      user.insurerId = changes.insurerId;
      callerChanged(tx, id); // their data scope
    }
    if (changes.locale !== undefined) user.locale = changes.locale;
    // A PATCH is a change even when it repeats the stored values (updatedAt and version move).
    user.updatedAt = new Date();
    await tx.flush();
    return {
      result: (await loadUserView(tx, id))!,
      audit: {
        action: 'user.update',
        subjectType: 'user',
        subjectId: id,
        summary: { fields: Object.keys(changes).sort() },
      },
    };
  });
}
