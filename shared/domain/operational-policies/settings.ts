import type { EntityManager } from '@mikro-orm/postgresql';
import { db } from '../../db/database.js';
import type { FieldError } from '../../errors/index.js';

/**
 * The keys the service itself reads, each with the rule its value must meet. A policy with one of
 * these keys is validated when written; any other key takes any JSON value.
 */
const KNOWN = {
  'security.lockoutThreshold': {
    type: 'positive integer',
    check: (v: unknown) => Number.isInteger(v) && (v as number) > 0,
  },
  'security.lockoutMinutes': {
    type: 'positive integer',
    check: (v: unknown) => Number.isInteger(v) && (v as number) > 0,
  },
  'payments.maxSinglePaymentMinor': {
    type: 'non-negative integer (minor units)',
    check: (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0,
  },
  'kyc.requireVerifiedForPayout': { type: 'boolean', check: (v: unknown) => typeof v === 'boolean' },
} as const;

export type KnownSetting = keyof typeof KNOWN;
type ValueOf<K extends KnownSetting> = K extends 'kyc.requireVerifiedForPayout' ? boolean : number;

/** The largest value a policy holds, as JSON text: settings, not documents. */
export const MAX_VALUE_BYTES = 16_384;

/**
 * What is wrong with `value` for `key`: for every key, null (deactivate the policy instead) and a value
 * over MAX_VALUE_BYTES; for a key the service reads, a value that breaks its rule.
 */
export function settingErrors(key: string, value: unknown): FieldError[] {
  if (value === null)
    return [{ field: 'value', message: 'must not be null; deactivate the policy to turn it off', constraint: 'type' }];
  if (Buffer.byteLength(JSON.stringify(value)) > MAX_VALUE_BYTES)
    return [{ field: 'value', message: `must be at most ${MAX_VALUE_BYTES} bytes of JSON`, constraint: 'maxLength' }];
  const known = KNOWN[key as KnownSetting];
  if (!known || known.check(value)) return [];
  return [{ field: 'value', message: `${key} must be a ${known.type}`, constraint: 'type' }];
}

/**
 * The value of an active operational policy the service reads, or undefined when there is none (the
 * caller falls back to its environment default). One indexed read, at the moment it is needed, so a
 * change applies to the next request without a restart.
 */
export async function operationalSetting<K extends KnownSetting>(
  em: EntityManager,
  key: K,
): Promise<ValueOf<K> | undefined> {
  const row = await db(em)
    .selectFrom('operational_policies')
    .select('value')
    .where('category', '=', key.slice(0, key.indexOf('.')) as never)
    .where('key', '=', key)
    .where('active', '=', true)
    .executeTakeFirst();
  // Validated when written; checked again so a value written around the API cannot break a reader.
  return row && KNOWN[key].check(row.value) ? (row.value as ValueOf<K>) : undefined;
}
