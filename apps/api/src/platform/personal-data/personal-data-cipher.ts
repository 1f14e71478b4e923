import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ERASED } from './personal-fields';

/**
 * One personal field as stored: `{ "$pd": "v1.<key id>.<iv>.<tag>", "ct": [<ciphertext>] }`, AES-256-GCM under the
 * subject's key, base64url parts. The ciphertext is cut into pieces of at most CHUNK characters, under the event
 * store's limit of one string. The key id binds the field to its subject's key: once the key is deleted, the field
 * reads ERASED.
 */
export interface SealedField {
  $pd: string;
  ct: string[];
}

const VERSION = 'v1';
const IV_BYTES = 12;
const CHUNK = 1_000_000;
const ALGORITHM = 'aes-256-gcm';

export function isSealedField(value: unknown): value is SealedField {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as SealedField).$pd === 'string' &&
    Array.isArray((value as SealedField).ct)
  );
}

/** The field's text sealed under the subject's key (a fresh IV each time). */
export function sealField(key: Buffer, keyId: string, text: string): SealedField {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64url');
  const ct: string[] = [];
  for (let start = 0; start < ciphertext.length || ct.length === 0; start += CHUNK)
    ct.push(ciphertext.slice(start, start + CHUNK));
  return { $pd: `${VERSION}.${keyId}.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`, ct };
}

/** The id of the key a field was sealed with. */
export function keyIdOf(field: SealedField): string {
  return field.$pd.split('.')[1] ?? '';
}

/** The field's text; throws (without the value) when the field was altered or sealed under another key. */
export function openField(key: Buffer, field: SealedField): string {
  const [version, , iv, tag] = field.$pd.split('.');
  if (version !== VERSION || !iv || !tag) throw new Error('Not a sealed personal field');
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(field.ct.join(''), 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new Error(`A personal field sealed with key ${keyIdOf(field)} cannot be opened`);
  }
}

/** The ids of the keys the sealed fields of a payload were sealed with. */
export function sealedKeyIds(value: unknown, into = new Set<string>()): Set<string> {
  if (value === null || typeof value !== 'object') return into;
  if (isSealedField(value)) {
    into.add(keyIdOf(value));
    return into;
  }
  if (Array.isArray(value)) for (const item of value) sealedKeyIds(item, into);
  else for (const item of Object.values(value)) sealedKeyIds(item, into);
  return into;
}

/**
 * A copy of a payload with every sealed field opened: with its key when `keys` has it, else ERASED (the subject
 * was erased). Plain values (events stored before encryption) are kept as they are.
 */
export function openPayload(value: unknown, keys: ReadonlyMap<string, Buffer>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (isSealedField(value)) {
    const key = keys.get(keyIdOf(value));
    return key ? openField(key, value) : ERASED;
  }
  if (Array.isArray(value)) return value.map((item) => openPayload(item, keys));
  const copy: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) copy[name] = openPayload(item, keys);
  return copy;
}
