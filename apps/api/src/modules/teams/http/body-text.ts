/**
 * A value sent as a text/plain body (the spec's way) or as a JSON object holding it under `key`;
 * '' when neither.
 */
export function textOrField(body: unknown, key: string): string {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object') {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string') return value;
  }
  return '';
}
