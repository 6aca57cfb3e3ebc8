/** What a setting expects, said for an operator rather than as a JSON schema keyword. */

/** Settings checked by a pattern, which says little to a reader: their expectation in words. */
const PATTERNED = new Map([
  ['DATABASE_URL', 'a PostgreSQL URL, postgres://user@host:5432/database'],
  ['DATABASE_LISTEN_URL', 'a PostgreSQL URL, postgres://user@host:5432/database'],
  ['REDIS_URL', 'a Redis URL, redis://host:6379 (or rediss://)'],
  ['REDIS_CLUSTER_NODES', 'host:port seeds, comma-separated: redis-1:6379,redis-2:6379'],
  ['REDIS_PREFIX', 'up to 64 letters, digits, braces, dots, underscores or hyphens'],
  ['REGISTRY_WEBHOOK_SECRET', 'one secret of at least 16 characters, or several separated by spaces or commas'],
  ['SMTP_URL', 'an SMTP URL, smtp://host:587 (or smtps://)'],
]);

interface SettingSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
}

/** The expectation of one setting, from its schema (`variable` picks the words for a pattern). */
export function expectationOf(variable: string, schema: SettingSchema): string {
  const words = PATTERNED.get(variable);
  if (words) return words;
  if (schema.enum) return `one of ${schema.enum.join(', ')}`;
  if (schema.type === 'integer') {
    const { minimum: min, maximum: max } = schema;
    if (min !== undefined && max !== undefined) return `a whole number from ${min} to ${max}`;
    return min !== undefined ? `a whole number of at least ${min}` : 'a whole number';
  }
  if (schema.format === 'email') return 'an email address';
  if (schema.minLength && schema.maxLength) return `between ${schema.minLength} and ${schema.maxLength} characters`;
  if (schema.minLength) return `at least ${schema.minLength} characters`;
  return 'a value';
}
