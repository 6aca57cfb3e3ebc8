import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** An opaque credential: 256 random bits, base64url. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Credentials are stored only as this hash (they are high-entropy, so a fast hash is right). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Encrypts small secrets at rest (TOTP secrets) with AES-256-GCM under a key derived from the
 * service secret, so a database dump alone does not yield second factors.
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(serviceSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serviceSecret, 'insurance-backoffice', purpose, 32));
  }
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
      '.',
    );
  }
  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1') throw new Error('unknown sealed secret version');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
