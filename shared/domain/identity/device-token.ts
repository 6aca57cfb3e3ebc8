import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { uuidv7 } from '../../kernel/ids.js';

export const DEVICE_TOKEN_DAYS = 180;

/** What a valid device token says: the user it was issued to at sign-in, and the device's own id. */
export interface Device {
  userId: string;
  deviceId: string;
}

const VERSION = 1;
const BODY = 1 + 16 + 16 + 4; // version, user id, device id, expiry (unix seconds)
const MAC = 32;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * Device tokens (OWASP "device cookies"): handed out at each completed sign-in and sent back with later
 * sign-ins, so failures from a device the user has signed in on are counted apart from everyone
 * else's. Stateless: the user, a fresh device id and the expiry, signed with HMAC-SHA256 under a key
 * derived from the service secret; nothing is stored when one is issued.
 */
export class DeviceTokens {
  private readonly key: Buffer;
  constructor(serviceSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serviceSecret, 'insurance-backoffice', 'device-token', 32));
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }

  issue(userId: string, now = Date.now()): string {
    const body = Buffer.alloc(BODY);
    body[0] = VERSION;
    uuidBytes(userId).copy(body, 1);
    uuidBytes(uuidv7(now)).copy(body, 17);
    body.writeUInt32BE(Math.floor(now / 1000) + DEVICE_TOKEN_DAYS * 86_400, 33);
    return Buffer.concat([body, this.mac(body)]).toString('base64url');
  }

  /** The device of a token this service issued and that has not expired; null for anything else. */
  read(token: string, now = Date.now()): Device | null {
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== BODY + MAC || bytes[0] !== VERSION || bytes.toString('base64url') !== token) return null;
    const body = bytes.subarray(0, BODY);
    if (!timingSafeEqual(bytes.subarray(BODY), this.mac(body))) return null;
    if (body.readUInt32BE(33) <= Math.floor(now / 1000)) return null;
    return { userId: uuidText(body.subarray(1, 17)), deviceId: uuidText(body.subarray(17, 33)) };
  }
}
