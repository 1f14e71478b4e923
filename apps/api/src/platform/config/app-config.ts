import type { LogLevelName } from './config.schema';

/** Limits of the public identity calls (see platform/rate-limit). */
export interface RateLimitConfig {
  perAddress: number;
  perIp: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { perAddress: 10, perIp: 30, windowMs: 60_000 };

/** One OAuth2 provider's app registration and endpoints. */
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  /** The provider's IMAP and SMTP hosts, the only ones its tokens are sent to (absent: the provider's own). */
  imapHost?: string;
  smtpHost?: string;
}

/** Providers for mailbox OAuth2; an absent one is not configured. */
export interface OAuthConfig {
  google?: OAuthProviderConfig;
  microsoft?: OAuthProviderConfig;
}

/** The application server's keys for browser push (VAPID, RFC 8292). */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: URL naming who runs the server. */
  subject: string;
}

/** The validated configuration, read once at start. Never log it whole: it holds secrets. */
export interface AppConfig {
  port: number;
  /** Absolute path; holds the embedded database and generated secrets. */
  dataDir: string;
  /** The external Postgres; absent means the embedded one in dataDir. */
  databaseUrl?: string;
  eventStoreUrl?: string;
  jwtSecret: string;
  secretsKey: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  allowPrivateMailHosts: boolean;
  /** DNS_SERVERS: the servers user-given host names are resolved with (`ip` or `ip:port`); absent: the system's. */
  dnsServers?: string[];
  /** Browser push keys from VAPID_*; absent: generated once and kept in DATA_DIR (see vapidKeysOf). */
  vapid?: VapidConfig;
  logLevel: LogLevelName;
  /** Absolute path of the repository root that holds apps/shell/dist and apps/mfe-<name>/dist. */
  webRoot: string;
  /** Mailbox OAuth2 providers; absent means none is configured. */
  oauth?: OAuthConfig;
  /** Absent means DEFAULT_RATE_LIMIT. */
  rateLimit?: RateLimitConfig;
  /** ERASURES_PER_TEAM_PER_HOUR: erasures a team may start per hour; absent means DEFAULT_ERASURES_PER_TEAM_PER_HOUR. */
  erasuresPerTeamPerHour?: number;
  /** UNDO_SEND_DEFAULT_SECONDS: the undo window of a person who has not chosen one; absent means UNDO_SEND_DEFAULT_SECONDS. */
  undoSendDefaultSeconds?: number;
  /** Bytes of one ingested message at most (MAIL_MAX_MESSAGE_BYTES); absent means DEFAULT_MAX_MESSAGE_BYTES. */
  mailMaxMessageBytes?: number;
  /** TRUST_PROXY_HOPS: reverse proxies in front of the API whose X-Forwarded-For is believed; absent means 0. */
  trustProxyHops?: number;
  /** HEALTH_TOKEN: a bearer token that unlocks the details of GET /api/health; absent means no details. */
  healthToken?: string;
  /**
   * METRICS_TOKEN: the bearer token GET /metrics and the API documentation (/api/docs) require; absent means they are
   * open, or off in production (see docs/operations.md).
   */
  metricsToken?: string;
  /** NODE_ENV=production: a real deployment (/metrics and /api/docs are off without METRICS_TOKEN). */
  production?: boolean;
  /** NODE_ENV=development: a developer's machine (mail without SMTP_URL is logged with its links in full). */
  development?: boolean;
  /**
   * Run the IMAP workers of the active mailboxes (absent means true). The maintenance commands (`npm run verify`)
   * turn it off: they must never fetch mail beside the running app.
   */
  mailboxWorkers?: boolean;
}

export const DEFAULT_MAX_MESSAGE_BYTES = 50 * 1024 * 1024;
export const DEFAULT_ERASURES_PER_TEAM_PER_HOUR = 20;

export const APP_CONFIG = Symbol('APP_CONFIG');
