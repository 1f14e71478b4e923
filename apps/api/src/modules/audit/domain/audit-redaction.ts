/**
 * What of an event's payload the team's audit trail keeps: everything but secrets. A pure function over the payload,
 * by field name at any depth:
 *
 * - a field whose name looks like a secret (SECRET_FIELD: passwords, sealed values, tokens, hashes, OAuth tokens,
 *   keys) is kept as "[redacted]" when it has a value (null stays null, so "no password set" still reads), unless it is
 *   on the allow list (names that only look like a secret, e.g. `oauthProvider`, `authType`);
 * - the fields of DROPPED_FIELDS are left out for the types named (a received email's content and raw headers: the
 *   trail records the message's facts, the inbox keeps its content).
 */

export const REDACTED = '[redacted]';

/** Field names that look like a secret (case-insensitive, anywhere in the name). */
export const SECRET_FIELD =
  /(password|passwd|secret|sealed|token|hash|credential|private.?key|api.?key|^oauth$|^auth$|^keys$)/i;

/** Field names that match SECRET_FIELD but hold no secret. */
export const NOT_SECRET_FIELDS: ReadonlySet<string> = new Set([
  'oauthProvider',
  'authType',
  'accessTokenExpiresAt',
  // Whether a secret is set or was cleared, never the secret.
  'imapPasswordSet',
  'smtpPasswordSet',
  'passwordCleared',
]);

/** Fields of some event types the trail leaves out (bulky content, not facts of who did what). */
export const DROPPED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  EmailReceived: ['text', 'html', 'headers'],
};

export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name) && !NOT_SECRET_FIELDS.has(name);
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSecretField(key) ? (field === null || field === undefined ? field : REDACTED) : redactValue(field);
  }
  return out;
}

/** The payload of an event of `type` as the audit trail keeps it: a new object, the input is left as it was. */
export function redactPayload(type: string, data: unknown): Record<string, unknown> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return {};
  const dropped = DROPPED_FIELDS[type] ?? [];
  const kept = Object.fromEntries(
    Object.entries(data as Record<string, unknown>).filter(([key]) => !dropped.includes(key)),
  );
  return redactValue(kept) as Record<string, unknown>;
}
