/**
 * The one sanitising step every text passes before it enters an event, whichever adapter stores it and whoever
 * wrote it (parsed mail, comments, drafts, label and team names, rule values): PostgreSQL refuses a NUL (U+0000)
 * in `text` and `jsonb`, and an unpaired UTF-16 surrogate in `jsonb`, so one such character would otherwise make the
 * whole append (and every later retry) fail. Both are removed, and every string is cut to MAX_EVENT_STRING_LENGTH
 * characters. Ingestion applies tighter per-field limits before (see docs/mail.md, "Limits").
 */

/** Characters of one string of an event payload at most (a safety net above every per-field limit). */
export const MAX_EVENT_STRING_LENGTH = 1_048_576;

// eslint-disable-next-line no-control-regex
const SUSPECT = /[\u0000\ud800-\udfff]/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text without NUL and unpaired surrogates, at most `maxLength` characters (a pair is never split). */
export function cleanText(value: string, maxLength = MAX_EVENT_STRING_LENGTH): string {
  let text = value;
  if (text.length > maxLength) {
    text = text.slice(0, maxLength);
    // A high surrogate left alone at the end by the cut goes with its pair.
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
  }
  return SUSPECT.test(text) ? text.replace(FORBIDDEN, '') : text;
}

/** JSON.stringify replacer that cleans every string value (keys are the program's own). */
export function cleaningReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? cleanText(value) : value;
}

/** A deep copy of a JSON payload with every string cleaned; values that JSON cannot carry are dropped as by JSON. */
export function cleanPayload<T>(payload: T): T {
  if (payload === undefined) return payload;
  return JSON.parse(JSON.stringify(payload, cleaningReplacer)) as T;
}
