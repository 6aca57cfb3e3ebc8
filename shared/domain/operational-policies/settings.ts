import type { EntityManager } from '@mikro-orm/postgresql';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { LOCKOUT_MINUTES_RANGE, LOCKOUT_THRESHOLD_RANGE } from '../../config/index.js';
import { db } from '../../db/database.js';
import type { FieldError } from '../../kernel/errors.js';
import type { Logger } from '../../logger.js';

/**
 * The keys the service itself reads, each with the schema its value must meet: checked when a policy
 * is written, and again when read (a value stored around the API is clamped or ignored, never a 500).
 * Any other key takes any JSON value.
 */
const integer = (range: { readonly minimum: number; readonly maximum: number }) => ({
  schema: Type.Integer(range),
  range,
  rule: `an integer from ${range.minimum} to ${range.maximum}`,
});
const SETTINGS = {
  'security.lockoutThreshold': integer(LOCKOUT_THRESHOLD_RANGE),
  'security.lockoutMinutes': integer(LOCKOUT_MINUTES_RANGE),
  'payments.maxSinglePaymentMinor': integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
  'kyc.requireVerifiedForPayout': { schema: Type.Boolean(), range: undefined, rule: 'a boolean' },
  'payments.gracePeriodDays': integer({ minimum: 0, maximum: 90 }),
} as const;

export type KnownSetting = keyof typeof SETTINGS;
type ValueOf<K extends KnownSetting> = Static<(typeof SETTINGS)[K]['schema']>;

/** Each key the service reads and its rule, for the API description. */
export const settingRules = () =>
  Object.entries(SETTINGS)
    .map(([key, setting]) => `${key} ${setting.rule}`)
    .join('; ');

/** The largest value a policy holds, as JSON text: settings, not documents. */
export const MAX_VALUE_BYTES = 16_384;

/**
 * What is wrong with `value` for `key`: for every key, null (deactivate the policy instead) and a value
 * over MAX_VALUE_BYTES; for a key the service reads, a value its schema refuses.
 */
export function settingErrors(key: string, value: unknown): FieldError[] {
  if (value === null)
    return [{ field: 'value', message: 'must not be null; deactivate the policy to turn it off', constraint: 'type' }];
  if (Buffer.byteLength(JSON.stringify(value)) > MAX_VALUE_BYTES)
    return [{ field: 'value', message: `must be at most ${MAX_VALUE_BYTES} bytes of JSON`, constraint: 'maxLength' }];
  const setting = Object.hasOwn(SETTINGS, key) ? SETTINGS[key as KnownSetting] : undefined;
  if (!setting || Value.Check(setting.schema, value)) return [];
  const [first] = Value.Errors(setting.schema, value);
  return [{ field: 'value', message: `${key} must be ${setting.rule}`, constraint: first?.keyword ?? 'type' }];
}

/** Stored values already reported, so a bad row warns once per process, not at every read. */
const reported = new Set<string>();
function reportOnce(log: Logger, key: string, value: unknown, outcome: string): void {
  const id = `${key} ${JSON.stringify(value)}`;
  if (reported.has(id) || reported.size >= 1000) return;
  reported.add(id);
  log.warn({ key, value, outcome }, 'operational policy value out of its bounds (written around the API)');
}

/**
 * A stored value as the service uses it: valid as it is; an integer out of range as the nearest bound;
 * anything else ignored (the reader's default applies). Either of the last two is logged once.
 */
function usable<K extends KnownSetting>(log: Logger, key: K, value: unknown): ValueOf<K> | undefined {
  const { schema, range } = SETTINGS[key];
  if (Value.Check(schema, value)) return value as ValueOf<K>;
  // 1e400 reads as Infinity: out of range too.
  if (range && typeof value === 'number' && (Number.isInteger(value) || Math.abs(value) === Infinity)) {
    const clamped = Math.min(Math.max(value, range.minimum), range.maximum);
    reportOnce(log, key, value, `read as ${clamped}`);
    return clamped as ValueOf<K>;
  }
  reportOnce(log, key, value, 'ignored: the default applies');
  return undefined;
}

/**
 * The value of an active operational policy the service reads, or undefined when there is none (the
 * caller falls back to its environment default). One indexed read, at the moment it is needed, so a
 * change applies to the next request without a restart.
 */
export async function operationalSetting<K extends KnownSetting>(
  deps: { log: Logger },
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
  return row ? usable(deps.log, key, row.value) : undefined;
}
