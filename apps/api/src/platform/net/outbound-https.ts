import { request as httpsRequest } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { type HostLookup, MailHostNotAllowedError, MailHostUnresolvedError, resolveMailHost } from './mail-host-guard';

export const OUTBOUND_URL_NOT_ALLOWED_MESSAGE = 'Only public https:// addresses are allowed.';

/** The address may not be called: not https, credentials in it, or a host in a private or reserved range. */
export class OutboundUrlNotAllowedError extends Error {
  constructor(message = OUTBOUND_URL_NOT_ALLOWED_MESSAGE) {
    super(message);
    this.name = 'OutboundUrlNotAllowedError';
  }
}

export interface OutboundOptions {
  /** ALLOW_PRIVATE_MAIL_HOSTS: private and loopback hosts are allowed (development and tests). */
  allowPrivate: boolean;
  lookup?: HostLookup;
  /** Extra trusted certificate authorities (PEM), for a test server with its own certificate. */
  ca?: string;
}

export interface OutboundRequest extends OutboundOptions {
  method?: 'POST' | 'PUT' | 'GET';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Whole request, connect to last byte (default 10 s). */
  timeoutMs?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The first 64 KiB of the answer, as text. */
  body: string;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/** An https URL without credentials; anything else is refused before a name is looked up. */
export function parseOutboundUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundUrlNotAllowedError();
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || !parsed.hostname) {
    throw new OutboundUrlNotAllowedError();
  }
  return parsed;
}

/**
 * Checks an address a user gave (a webhook) when it is saved: https, no credentials, and no private or reserved
 * address behind the name. A name that does not resolve now is accepted; it is checked again at every call.
 */
export async function assertOutboundUrlAllowed(url: string, options: OutboundOptions): Promise<void> {
  const parsed = parseOutboundUrl(url);
  try {
    await resolveMailHost(parsed.hostname, options);
  } catch (error) {
    if (error instanceof MailHostNotAllowedError) throw new OutboundUrlNotAllowedError();
    if (error instanceof MailHostUnresolvedError) return;
    throw error;
  }
}

/**
 * One https request to an address a user gave, guarded against SSRF: https only, the name resolved once and every
 * address checked (no private, loopback, link-local or reserved ranges unless allowed), the connection made to that
 * checked address (DNS pinning: a second answer cannot redirect it), the certificate checked against the name,
 * redirects not followed, the answer's size capped.
 */
export async function outboundHttps(url: string, request: OutboundRequest): Promise<OutboundResponse> {
  const target = parseOutboundUrl(url);
  let resolved: { address: string; servername: string | undefined };
  try {
    resolved = await resolveMailHost(target.hostname, request);
  } catch (error) {
    if (error instanceof MailHostNotAllowedError) throw new OutboundUrlNotAllowedError();
    throw error;
  }
  const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = httpsRequest(
      {
        host: resolved.address,
        family: isIP(resolved.address),
        port: target.port ? Number(target.port) : 443,
        path: `${target.pathname}${target.search}`,
        method: request.method ?? 'POST',
        headers: { host: target.host, ...request.headers },
        servername: isIP(hostname) ? undefined : hostname,
        ca: request.ca,
        timeout: request.timeoutMs ?? 10_000,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_RESPONSE_BYTES) chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer from ${target.host} in time`)));
    req.on('error', reject);
    req.end(request.body);
  });
}
