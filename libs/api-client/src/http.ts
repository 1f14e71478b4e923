import { apiEvents } from './api-events';
import { tokenStore } from './token-store';

export const API_BASE = '/api';

/** A failed call: the HTTP status (0 when the network failed) and the server's message if it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const FORBIDDEN_TEXT = 'Forbidden!';
export const UPGRADE_REQUIRED_STATUS = 449;

/** The spec's error catalogue for secured calls: 403, 449 and everything else. */
export function describeApiError(error: ApiError): { kind: 'forbidden' | 'upgrade-required' | 'other'; text: string } {
  if (error.status === 403) return { kind: 'forbidden', text: FORBIDDEN_TEXT };
  if (error.status === UPGRADE_REQUIRED_STATUS) return { kind: 'upgrade-required', text: '' };
  return { kind: 'other', text: `Error Code: ${error.status} Message: ${error.message}` };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as text/plain when it is a string and `text` is set. */
  body?: unknown;
  text?: boolean;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Secured calls carry the bearer token and report their errors through apiEvents. */
  secured?: boolean;
  /** A secured call whose failure is only logged (the spec's silent cases). */
  silent?: boolean;
  /** The caller shows the failure itself: no notice and no log (401 and 449 are still reported). */
  handled?: boolean;
}

function url(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body) return body;
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.join(', ');
  }
  return fallback;
}

export const UNAUTHORIZED_STATUS = 401;

function report(error: ApiError, options: RequestOptions, sentToken: string | null): void {
  if (!options.secured) return;
  if (error.status === UNAUTHORIZED_STATUS) {
    // The session has ended (password changed elsewhere, removed from the team, expired). A 401 for a
    // token that has since been replaced (by a password change in this tab) says nothing about the new one.
    if (sentToken === tokenStore.get()) apiEvents.emit({ type: 'unauthorized' });
    return;
  }
  const described = describeApiError(error);
  if (described.kind === 'upgrade-required') {
    apiEvents.emit({ type: 'upgrade-required' });
    return;
  }
  if (options.handled) return;
  if (options.silent) {
    console.warn(described.text);
    return;
  }
  apiEvents.emit({ type: 'error', status: error.status, text: described.text });
}

/** One HTTP call under /api. Resolves with the parsed body, rejects with an ApiError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (options.text) {
      headers['content-type'] = 'text/plain';
      body = String(options.body);
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  const token = options.secured ? tokenStore.get() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(url(path, options.query), { method: options.method ?? 'GET', headers, body });
  } catch (cause) {
    const error = new ApiError(0, cause instanceof Error ? cause.message : String(cause));
    report(error, options, token);
    throw error;
  }
  const parsed = await readBody(res);
  if (!res.ok) {
    const error = new ApiError(res.status, messageOf(parsed, res.statusText || `HTTP ${res.status}`), parsed);
    report(error, options, token);
    throw error;
  }
  return parsed as T;
}
