import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { ERASED } from './personal-fields';

/**
 * How a payload holds its personal fields: each field is replaced by a reference `{ "$pd": "<key id>", "i": n }`, and
 * the payload's `$sealed` holds, per subject key, the texts of that subject's fields as one AES-256-GCM ciphertext
 * (a JSON array of strings): `"$sealed": { "<key id>": { "v": 1, "iv": "…", "tag": "…", "ct": ["…"] } }`, base64url,
 * a random 96-bit IV each time. One encryption per subject and event, not one per field. The ciphertext is cut into
 * pieces of at most CHUNK characters, under the event store's limit of one string. Once a key is deleted, its fields
 * read ERASED.
 *
 * Version 2 (`"v": 2`) compresses the JSON array (raw DEFLATE) before encrypting it: blocks whose JSON has at least
 * COMPRESS_FROM characters (message bodies and headers) are written so, shorter ones (an address) stay version 1.
 * A ciphertext does not compress, so without it the database stores, logs and sends to every reader the full size
 * of every body (in base64) where it used to compress the plain text. Both versions are read.
 */
export interface SealedBlock {
  v: 1 | 2;
  iv: string;
  tag: string;
  ct: string[];
}

/** A personal field's place in its subject's block. */
export interface SealedFieldRef {
  $pd: string;
  i: number;
}

export const SEALED_FIELD = '$sealed';

const IV_BYTES = 12;
const CHUNK = 1_000_000;
const ALGORITHM = 'aes-256-gcm';
/** Characters of a block's JSON from which it is compressed before it is encrypted (version 2). */
const COMPRESS_FROM = 512;
/** Bytes a version 2 block may inflate to at most (its fields are cut at 1 MiB characters each on append). */
const MAX_INFLATED_BYTES = 256 * 1024 * 1024;
/** IVs drawn from the system's random source at once (one call per 1,024 blocks rather than one per block). */
const IV_POOL_BYTES = IV_BYTES * 1024;

let ivPool = Buffer.alloc(0);
let ivOffset = 0;

/** A fresh random IV: the next unused bytes of a pool filled by randomBytes; no byte is handed out twice. */
function nextIv(): Buffer {
  if (ivOffset + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivOffset = 0;
  }
  const iv = ivPool.subarray(ivOffset, ivOffset + IV_BYTES);
  ivOffset += IV_BYTES;
  return iv;
}

/** The texts of a block this process sealed itself, known without opening it (see openPayload). */
export interface KnownBlock {
  iv: string;
  tag: string;
  texts: readonly string[];
}

export function isSealedFieldRef(value: unknown): value is SealedFieldRef {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as SealedFieldRef).$pd === 'string' &&
    typeof (value as SealedFieldRef).i === 'number'
  );
}

/** The texts sealed as one block under the subject's key. */
export function sealTexts(key: Buffer, texts: readonly string[]): SealedBlock {
  const iv = nextIv();
  const json = JSON.stringify(texts);
  const compressed = json.length >= COMPRESS_FROM;
  const plain = compressed ? deflateRawSync(json) : Buffer.from(json, 'utf8');
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64url');
  const ct: string[] = [];
  for (let start = 0; start < ciphertext.length || ct.length === 0; start += CHUNK)
    ct.push(ciphertext.slice(start, start + CHUNK));
  return { v: compressed ? 2 : 1, iv: iv.toString('base64url'), tag: cipher.getAuthTag().toString('base64url'), ct };
}

/** The block's texts; throws (without the values) when it was altered or sealed under another key. */
export function openTexts(key: Buffer, block: SealedBlock, keyId = ''): string[] {
  if ((block?.v !== 1 && block?.v !== 2) || !block.iv || !block.tag || !Array.isArray(block.ct))
    throw new Error('Not a sealed block');
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(block.iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(block.tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(block.ct.join(''), 'base64url')), decipher.final()]);
    const json = block.v === 2 ? inflateRawSync(plain, { maxOutputLength: MAX_INFLATED_BYTES }) : plain;
    return JSON.parse(json.toString('utf8')) as string[];
  } catch {
    throw new Error(`Personal fields sealed with key ${keyId} cannot be opened`);
  }
}

/** The ids of the keys a payload's personal fields were sealed with. */
export function sealedKeyIds(data: unknown): string[] {
  if (data === null || typeof data !== 'object') return [];
  const sealed = (data as Record<string, unknown>)[SEALED_FIELD];
  return sealed && typeof sealed === 'object' ? Object.keys(sealed) : [];
}

function fill(value: unknown, texts: ReadonlyMap<string, readonly string[] | null>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (isSealedFieldRef(value)) {
    const block = texts.get(value.$pd);
    return block ? (block[value.i] ?? ERASED) : ERASED;
  }
  if (Array.isArray(value)) return Object.freeze(value.map((item) => fill(item, texts)));
  const copy: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) copy[name] = fill(item, texts);
  return Object.freeze(copy);
}

/**
 * A copy of a payload with its personal fields opened: with their key when `keys` has it, else ERASED (the subject
 * was erased). The copy is deeply frozen (an opened payload may be shared by every reader of the event). A payload
 * without `$sealed` (stored before encryption, or without personal data) is returned as it is. `known` holds the
 * texts of blocks this process sealed (by key id): a stored block with the same IV and tag is that very ciphertext,
 * so its texts are taken as they are instead of deciphered, still only while its key exists. `opened.chars` is
 * increased by the characters of the texts opened (the weight of the copy, roughly).
 */
export function openPayload(
  data: unknown,
  keys: ReadonlyMap<string, Buffer>,
  known?: ReadonlyMap<string, KnownBlock>,
  opened?: { chars: number },
): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const { [SEALED_FIELD]: sealed, ...rest } = data as Record<string, unknown>;
  if (!sealed || typeof sealed !== 'object') return data;
  const texts = new Map<string, readonly string[] | null>();
  for (const [keyId, block] of Object.entries(sealed as Record<string, SealedBlock>)) {
    const key = keys.get(keyId);
    const mine = known?.get(keyId);
    if (!key) {
      texts.set(keyId, null);
      continue;
    }
    const open = mine && mine.iv === block?.iv && mine.tag === block?.tag ? mine.texts : openTexts(key, block, keyId);
    texts.set(keyId, open);
    if (opened) for (const text of open) opened.chars += text.length;
  }
  return fill(rest, texts);
}
