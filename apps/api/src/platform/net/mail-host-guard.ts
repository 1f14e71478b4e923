import { BlockList, isIP } from 'node:net';
import { createHostLookup, type HostLookup, systemHostLookup } from './host-resolver';

export type { HostLookup } from './host-resolver';

export const MAIL_HOST_NOT_ALLOWED_MESSAGE = 'This mail server address is not allowed.';

export class MailHostNotAllowedError extends Error {
  constructor() {
    super(MAIL_HOST_NOT_ALLOWED_MESSAGE);
    this.name = 'MailHostNotAllowedError';
  }
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped or IPv4-compatible IPv6 address, if any. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:0*:)*(?:ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (match) return match[1];
  const hex = /^(?:0*:)*ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * True for addresses a mail server must not have: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local (169.254/16, fe80::/10, which hold the cloud metadata services), CGNAT 100.64/10, 0.0.0.0/8,
 * multicast and reserved ranges, also when written as IPv4-mapped IPv6.
 */
export function isDisallowedMailAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const ipv4 = embeddedIpv4(address);
  if (ipv4 !== null) return isIP(ipv4) !== 4 || blocked.check(ipv4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export interface ResolvedMailHost {
  /** The address to connect to (resolved once, so a second DNS answer cannot change it). */
  address: string;
  /** The name to present for TLS (SNI and certificate check); undefined when the host was an IP literal. */
  servername: string | undefined;
}

/** How user-given hosts are checked: the operator's ALLOW_PRIVATE_MAIL_HOSTS and DNS_SERVERS. */
export interface HostGuardOptions {
  /** ALLOW_PRIVATE_MAIL_HOSTS: private and loopback hosts are allowed (development and tests). */
  allowPrivate: boolean;
  /** DNS_SERVERS: the servers user-given names are resolved with; absent: the system's. */
  dnsServers?: readonly string[];
  /** Resolves a name (default: c-ares on dnsServers, see createHostLookup); tests give their own. */
  lookup?: HostLookup;
}

/** The guard's options from the application's configuration. */
export const hostGuardOf = (config: { allowPrivateMailHosts: boolean; dnsServers?: readonly string[] }) => ({
  allowPrivate: config.allowPrivateMailHosts,
  ...(config.dnsServers?.length ? { dnsServers: config.dnsServers } : {}),
});

const lookups = new Map<string, HostLookup>();

/** The lookup of the guard's options: the one given, else c-ares on the configured (or the system's) servers. */
export function lookupOf(options: HostGuardOptions): HostLookup {
  if (options.lookup) return options.lookup;
  if (!options.dnsServers?.length) return systemHostLookup;
  const key = options.dnsServers.join(',');
  let lookup = lookups.get(key);
  if (!lookup) lookups.set(key, (lookup = createHostLookup({ servers: options.dnsServers })));
  return lookup;
}

/**
 * Resolves a configured host once (c-ares, at most DNS_DEADLINE_MS) and refuses it when any of its addresses is
 * disallowed, unless private hosts are allowed (ALLOW_PRIVATE_MAIL_HOSTS=true). Connect to `address`, with
 * `servername` for TLS. While the guard is on, a name that does not resolve (no such name, a server failure, no
 * answer in time) is refused as a disallowed one, with the same error: the answer tells nothing of internal DNS.
 */
export async function resolveMailHost(host: string, options: HostGuardOptions): Promise<ResolvedMailHost> {
  const name = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (!name) throw new MailHostNotAllowedError();
  if (isIP(name)) {
    if (!options.allowPrivate && isDisallowedMailAddress(name)) throw new MailHostNotAllowedError();
    return { address: name, servername: undefined };
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookupOf(options)(name);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) {
    if (!options.allowPrivate) throw new MailHostNotAllowedError();
    throw new MailHostUnresolvedError(name);
  }
  if (!options.allowPrivate && addresses.some(({ address }) => isDisallowedMailAddress(address))) {
    throw new MailHostNotAllowedError();
  }
  return { address: addresses[0].address, servername: name };
}

/** A name that does not resolve while private hosts are allowed (else it is refused as MailHostNotAllowedError). */
export class MailHostUnresolvedError extends Error {
  constructor(host: string) {
    super(`The mail server ${host} could not be found.`);
    this.name = 'MailHostUnresolvedError';
  }
}
