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
  /** Browser push keys from VAPID_*; absent: generated once and kept in DATA_DIR (see vapidKeysOf). */
  vapid?: VapidConfig;
  logLevel: LogLevelName;
  /** Absolute path of the repository root that holds apps/shell/dist and apps/mfe-<name>/dist. */
  webRoot: string;
  /** Mailbox OAuth2 providers; absent means none is configured. */
  oauth?: OAuthConfig;
  /** Absent means DEFAULT_RATE_LIMIT. */
  rateLimit?: RateLimitConfig;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
