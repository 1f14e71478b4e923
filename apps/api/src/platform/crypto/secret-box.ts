import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Seals short secrets (mail passwords, tokens) with AES-256-GCM. The 256-bit key is the SHA-256 of the
 * configured SECRETS_KEY. A sealed value reads `v1.<iv>.<tag>.<ciphertext>` (base64url parts); opening a
 * tampered value or one sealed under another key throws without echoing the value.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secretsKey: string) {
    if (secretsKey.length < 32) throw new Error('The secrets key must be at least 32 characters long');
    this.key = createHash('sha256').update(secretsKey, 'utf8').digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
      throw new Error('Not a sealed secret');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('The sealed secret cannot be opened with this key');
    }
  }
}
