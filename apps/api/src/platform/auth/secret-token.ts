import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG: 43 base64url characters. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SecretToken {
  /** Goes into the emailed link only; never stored, never logged. */
  token: string;
  /** SHA-256 of the token (hex): what is stored and looked up. */
  hash: string;
}

/** A fresh token for an emailed link (login link, invitation). */
export function generateSecretToken(): SecretToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** False for anything that cannot be a token we issued (wrong length or alphabet). */
export function isWellFormedSecretToken(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_PATTERN.test(token);
}
