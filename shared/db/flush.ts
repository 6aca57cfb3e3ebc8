import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError } from '../kernel/errors.js';

/**
 * Writes the changes so far; a unique index refusing them (a duplicate, also one created concurrently
 * by another transaction) answers 409 CONFLICT naming the input field.
 */
export async function flushOrConflict(tx: EntityManager, message: string, field: string): Promise<void> {
  await tx.flush().catch((err) => {
    if (err instanceof UniqueConstraintViolationException) throw new ConflictError(message, { field });
    throw err;
  });
}
