import type { ExecutionContext } from 'ava';
import type { LightMyRequestResponse } from 'fastify';

export interface ErrorBody {
  code: string;
  message: string;
  details?: any;
}
export interface FieldError {
  field: string;
  message: string;
  constraint?: string;
}

const LIKE = Symbol('like');
interface Like {
  [LIKE]: object;
}

/** Wraps expected error details to be matched on the keys given only (each key's value deep-equal). */
export const like = (partial: object): Like => ({ [LIKE]: partial });

/** The failure message of a status assertion: the label, then (cut short) the body that came back. */
const said = (res: LightMyRequestResponse, label?: string) => `${label ? `${label}: ` : ''}${res.body.slice(0, 400)}`;

/**
 * Asserts the contract's error envelope: `status`, `error.code`, a non-empty `error.message`,
 * `meta.requestId` equal to the X-Request-Id header and, when given, `details` (deep-equal, or
 * only the keys given with `like(...)`). Returns the `error` object.
 */
export function expectError(
  t: ExecutionContext,
  res: LightMyRequestResponse,
  status: number,
  code: string,
  details?: unknown,
  label?: string,
): ErrorBody {
  t.is(res.statusCode, status, said(res, label));
  const body = res.json();
  t.is(body.error?.code, code, label);
  t.true(
    typeof body.error?.message === 'string' && body.error.message.length > 0,
    label ?? 'error.message is a non-empty string',
  );
  t.truthy(body.meta?.requestId, label ?? 'meta.requestId is present');
  t.is(body.meta?.requestId, res.headers['x-request-id'], label ?? 'meta.requestId is the X-Request-Id header');
  if (details !== undefined) {
    if (details && typeof details === 'object' && LIKE in details) {
      for (const [key, value] of Object.entries((details as Like)[LIKE]))
        t.deepEqual(body.error.details?.[key], value, label ?? `details.${key}`);
    } else t.deepEqual(body.error.details, details, label);
  }
  return body.error;
}

/**
 * Asserts a 400 VALIDATION_ERROR naming exactly `fields` (in any order); given as `{ field: constraint }`
 * it also checks each field's constraint. Returns the details.
 */
export function expectValidation(
  t: ExecutionContext,
  res: LightMyRequestResponse,
  fields: string[] | Record<string, string>,
  label?: string,
): FieldError[] {
  const error = expectError(t, res, 400, 'VALIDATION_ERROR', undefined, label);
  const details = error.details as FieldError[];
  const expected = Array.isArray(fields) ? fields : Object.keys(fields);
  t.deepEqual(details.map((d) => d.field).sort(), [...expected].sort(), label);
  if (!Array.isArray(fields))
    for (const [field, constraint] of Object.entries(fields))
      t.is(details.find((d) => d.field === field)?.constraint, constraint, label ?? field);
  return details;
}

/** Asserts `status` (200 by default) and `meta.requestId` equal to the X-Request-Id header; returns `data`. */
export function expectData<T = any>(t: ExecutionContext, res: LightMyRequestResponse, status = 200, label?: string): T {
  t.is(res.statusCode, status, said(res, label));
  const body = res.json();
  t.truthy(body.meta?.requestId, label ?? 'meta.requestId is present');
  t.is(body.meta?.requestId, res.headers['x-request-id'], label ?? 'meta.requestId is the X-Request-Id header');
  return body.data as T;
}

/** Asserts 204 with an empty body. */
export function expectNoContent(t: ExecutionContext, res: LightMyRequestResponse, label?: string): void {
  t.is(res.statusCode, 204, said(res, label));
  t.is(res.body, '', label);
}

/** The details of a 403 for missing permissions. */
export const missing = (...permissions: string[]) => ({ missingPermissions: permissions });
