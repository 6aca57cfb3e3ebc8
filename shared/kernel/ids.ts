import { randomFillSync } from 'node:crypto';

// Random bytes drawn from a pool filled 4 KiB at a time: one uuid per request and per row is a hot path.
const pool = Buffer.allocUnsafe(4096);
let offset = pool.length;

/** UUID version 7 (RFC 9562): 48-bit unix-ms timestamp, then random bits; sorts by creation time. */
export function uuidv7(now: number = Date.now()): string {
  if (offset + 16 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + 16));
  offset += 16;
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A uuid as PostgreSQL takes it: the bare 8-4-4-4-12 hex form, either case (no braces, no `urn:uuid:`). */
export const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
