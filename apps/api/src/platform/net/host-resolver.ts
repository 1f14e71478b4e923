import { Resolver } from 'node:dns/promises';

/** One resolved address of a name, as `dns.lookup` gives it. */
export interface HostAddress {
  address: string;
  family: number;
}

export type HostLookup = (hostname: string) => Promise<HostAddress[]>;

/** A whole lookup (A and AAAA together, every retry included) ends after this long. */
export const DNS_DEADLINE_MS = 3_000;
/** One query's wait for an answer before c-ares asks again (or the next server). */
const DNS_QUERY_TIMEOUT_MS = 1_000;
const DNS_QUERY_TRIES = 2;

/** A name did not resolve: no such name, no address, a server failure, or no answer before the deadline. */
export class HostUnresolvedError extends Error {
  constructor(
    readonly hostname: string,
    readonly code: string,
  ) {
    super(`${hostname} did not resolve (${code})`);
    this.name = 'HostUnresolvedError';
  }
}

export interface HostResolverOptions {
  /** DNS servers as `ip` or `ip:port` (`[ipv6]:port`); absent or empty: the system's (/etc/resolv.conf). */
  servers?: readonly string[];
  /** Deadline of one lookup (default DNS_DEADLINE_MS). */
  deadlineMs?: number;
}

const LOCALHOST: HostAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

const codeOf = (error: unknown) => (error as { code?: string })?.code ?? 'EUNKNOWN';

/**
 * Resolves names with c-ares (`dns.promises.Resolver`: A and AAAA queries on the event loop), not `dns.lookup`,
 * whose getaddrinfo calls occupy libuv's thread pool (4 threads, shared with file access and crypto): a few names
 * whose DNS never answers would hold every one of them. Each lookup has its own resolver, cancelled at the deadline.
 * `localhost` (and `*.localhost`) is the loopback, as in /etc/hosts, which c-ares does not read; it is refused
 * like any loopback address unless private hosts are allowed.
 */
export function createHostLookup(options: HostResolverOptions = {}): HostLookup {
  const deadlineMs = options.deadlineMs ?? DNS_DEADLINE_MS;
  const servers = options.servers?.filter(Boolean) ?? [];
  return async (hostname) => {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) return LOCALHOST.map((entry) => ({ ...entry }));
    const resolver = new Resolver({ timeout: Math.min(DNS_QUERY_TIMEOUT_MS, deadlineMs), tries: DNS_QUERY_TRIES });
    if (servers.length > 0) resolver.setServers([...servers]);
    const found: HostAddress[] = [];
    const failures: unknown[] = [];
    const query = (family: 4 | 6) =>
      (family === 4 ? resolver.resolve4(name) : resolver.resolve6(name)).then(
        (addresses) => found.push(...addresses.map((address) => ({ address, family }))),
        (error: unknown) => failures.push(error),
      );
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      Promise.all([query(4), query(6)]).then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), deadlineMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) resolver.cancel();
    // An answer of one family is enough when the other is late (some servers drop AAAA queries).
    if (found.length > 0) return [...found];
    throw new HostUnresolvedError(name, timedOut ? 'ETIMEOUT' : failures.length > 0 ? codeOf(failures[0]) : 'ENODATA');
  };
}

/** The lookup of the system's DNS servers, for callers that do not configure any. */
export const systemHostLookup: HostLookup = createHostLookup();
