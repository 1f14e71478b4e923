import { request as httpsRequest } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import {
  type HostGuardOptions,
  MailHostNotAllowedError,
  MailHostUnresolvedError,
  resolveMailHost,
} from './mail-host-guard';
import { OutboundBusyError, type OutboundLimits, outboundLimits } from './outbound-limits';

export const OUTBOUND_URL_NOT_ALLOWED_MESSAGE = 'Only public https:// addresses are allowed.';

/** The address may not be called: not https, credentials in it, or a host in a private or reserved range. */
export class OutboundUrlNotAllowedError extends Error {
  constructor(message = OUTBOUND_URL_NOT_ALLOWED_MESSAGE) {
    super(message);
    this.name = 'OutboundUrlNotAllowedError';
  }
}

export interface OutboundOptions extends HostGuardOptions {
  /** Extra trusted certificate authorities (PEM), for a test server with its own certificate. */
  ca?: string;
  /** The limits the call counts against (default: the process's, outboundLimits). */
  limits?: OutboundLimits;
  /** The team the call is made for: it counts against the team's limit too. */
  teamId?: string;
  /**
   * 'reject' (for job workers): when the team has its share in flight, fail at once with OutboundBusyError rather
   * than wait, so the worker is free for another team's job. 'wait' (default): wait within the deadline.
   */
  whenTeamBusy?: 'wait' | 'reject';
}

/** The whole of one call: slots, DNS, connect, TLS, request and answer to its last byte. */
export const OUTBOUND_DEADLINE_MS = 10_000;
/** What is read of an answer at most; the connection is closed once an answer is longer. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/** No answer to its last byte within the call's deadline: the connection was closed. */
export class OutboundTimeoutError extends Error {
  constructor(host: string, ms: number) {
    super(`No complete answer from ${host} within ${ms} ms`);
    this.name = 'OutboundTimeoutError';
  }
}

export interface OutboundRequest extends OutboundOptions {
  method?: 'POST' | 'PUT' | 'GET';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole call, slots and DNS included, to the answer's last byte (default OUTBOUND_DEADLINE_MS). */
  timeoutMs?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The first 64 KiB of the answer, as text. */
  body: string;
  /** The answer was longer than MAX_RESPONSE_BYTES: the rest was not read. */
  truncated: boolean;
}

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
 * address behind the name. A name that does not resolve (or whose DNS does not answer within DNS_DEADLINE_MS) is
 * refused with the same error as a private one; only while private hosts are allowed is it accepted (it is checked
 * again at every call).
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
 * One https request to an address a user gave, guarded against SSRF and bounded: https only; a slot of the host's
 * and the team's limits (OutboundLimits); the name resolved once and every address checked (no private, loopback,
 * link-local or reserved ranges unless allowed), the connection made to that checked address (DNS pinning: a second
 * answer cannot redirect it), the certificate checked against the name, redirects not followed. The whole call, from
 * waiting for a slot to the answer's last byte, ends at its deadline (OutboundTimeoutError, or OutboundBusyError when
 * no slot came free); at most MAX_RESPONSE_BYTES of the answer are read, then the connection is closed.
 */
export async function outboundHttps(url: string, request: OutboundRequest): Promise<OutboundResponse> {
  const target = parseOutboundUrl(url);
  const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const limits = request.limits ?? outboundLimits;
  const timeoutMs = request.timeoutMs ?? OUTBOUND_DEADLINE_MS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const releases: (() => void)[] = [];
  try {
    if (request.teamId !== undefined) {
      const teamKey = request.teamId.toLowerCase();
      const release =
        request.whenTeamBusy === 'reject'
          ? limits.team.tryAcquire(teamKey)
          : await limits.team.acquire(teamKey, deadline.signal, () => new OutboundBusyError('team'));
      if (!release) throw new OutboundBusyError('team');
      releases.push(release);
    }
    releases.push(await limits.host.acquire(hostname, deadline.signal, () => new OutboundBusyError('host')));
    let resolved: { address: string; servername: string | undefined };
    try {
      resolved = await untilAborted(resolveMailHost(target.hostname, request), deadline.signal, () => {
        return new OutboundTimeoutError(target.host, timeoutMs);
      });
    } catch (error) {
      if (error instanceof MailHostNotAllowedError) throw new OutboundUrlNotAllowedError();
      throw error;
    }
    return await send(target, hostname, resolved.address, request, deadline.signal, timeoutMs);
  } finally {
    clearTimeout(timer);
    for (const release of releases) release();
  }
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal, onAbort: () => Error): Promise<T> {
  if (signal.aborted) return Promise.reject(onAbort());
  return new Promise<T>((resolve, reject) => {
    const abandon = () => reject(onAbort());
    signal.addEventListener('abort', abandon, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abandon));
  });
}

function send(
  target: URL,
  hostname: string,
  address: string,
  request: OutboundRequest,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<OutboundResponse> {
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = httpsRequest(
      {
        host: address,
        family: isIP(address),
        port: target.port ? Number(target.port) : 443,
        path: `${target.pathname}${target.search}`,
        method: request.method ?? 'POST',
        headers: { host: target.host, ...request.headers },
        servername: isIP(hostname) ? undefined : hostname,
        ca: request.ca,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = (truncated: boolean) => ({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          truncated,
        });
        res.on('data', (chunk: Buffer) => {
          if (size + chunk.length <= MAX_RESPONSE_BYTES) {
            chunks.push(chunk);
            size += chunk.length;
            return;
          }
          chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
          size = MAX_RESPONSE_BYTES;
          signal.removeEventListener('abort', expire);
          resolve(answer(true));
          req.destroy();
        });
        res.on('end', () => resolve(answer(false)));
        res.on('error', reject);
      },
    );
    const expire = () => req.destroy(new OutboundTimeoutError(target.host, timeoutMs));
    if (signal.aborted) expire();
    else signal.addEventListener('abort', expire, { once: true });
    req.on('close', () => signal.removeEventListener('abort', expire));
    req.on('error', reject);
    req.end(request.body);
  });
}
