import { isIP } from 'node:net';
import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

function urlWithProtocols(name: string, protocols: string[]) {
  return optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );
}

const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .refine((value) => value === undefined || ['', 'true', 'false', '1', '0', 'yes', 'no'].includes(value), {
    message: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

function positiveInteger(name: string, fallback: number) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      const text = value || String(fallback);
      if (!/^\d+$/.test(text) || Number(text) < 1) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a positive integer, got '${text}'` });
        return z.NEVER;
      }
      return Number(text);
    });
}

function nonNegativeInteger(name: string, fallback: number) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      const text = value || String(fallback);
      if (!/^\d+$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be 0 or a positive integer, got '${text}'` });
        return z.NEVER;
      }
      return Number(text);
    });
}

/** The raw environment as the application reads it; every value is optional or has a default. */
export const ZEnvironment = z.object({
  PORT: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      const text = value || '3000';
      if (!/^\d+$/.test(text) || Number(text) > 65535) {
        ctx.addIssue({ code: 'custom', message: `PORT must be an integer from 0 to 65535, got '${text}'` });
        return z.NEVER;
      }
      return Number(text);
    }),
  DATA_DIR: optionalText,
  DATABASE_URL: urlWithProtocols('DATABASE_URL', ['postgres:', 'postgresql:']),
  EVENTSTORE_URL: urlWithProtocols('EVENTSTORE_URL', ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:']),
  JWT_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: 'JWT_SECRET must be at least 32 characters long',
  }),
  SECRETS_KEY: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: 'SECRETS_KEY must be at least 32 characters long',
  }),
  SMTP_URL: urlWithProtocols('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: optionalText,
  PUBLIC_URL: urlWithProtocols('PUBLIC_URL', ['http:', 'https:']),
  ALLOW_PRIVATE_MAIL_HOSTS: booleanFlag,
  /** DNS servers for user-given host names: comma-separated `ip` or `ip:port` (`[ipv6]:port`); empty: the system's. */
  DNS_SERVERS: optionalText.refine(
    (value) =>
      value === undefined ||
      value
        .split(',')
        .map((entry) => entry.trim())
        .every((entry) => isIP(entry) !== 0 || /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\]):\d{1,5}$/i.test(entry)),
    { message: 'DNS_SERVERS must be a comma-separated list of IP addresses, each with an optional :port' },
  ),
  /** Browser push (VAPID): both keys or neither (then a pair is generated and kept in DATA_DIR). */
  VAPID_PUBLIC_KEY: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{80,100}$/.test(value), {
    message: 'VAPID_PUBLIC_KEY must be a base64url P-256 public key',
  }),
  VAPID_PRIVATE_KEY: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]{40,50}$/.test(value), {
    message: 'VAPID_PRIVATE_KEY must be a base64url P-256 private key',
  }),
  /** Who push services may contact about this server's pushes: a mailto: or https: URL (default from MAIL_FROM). */
  VAPID_SUBJECT: urlWithProtocols('VAPID_SUBJECT', ['mailto:', 'https:']),
  LOG_LEVEL: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => (value === undefined || value === '' ? 'log' : value))
    .pipe(z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })),
  WEB_ROOT: optionalText,
  /** OAuth2 apps for mailbox sign-in; a provider without a client id is not offered. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  MICROSOFT_TENANT: optionalText,
  /** Provider endpoint overrides (tests point them at a local mock server). */
  OAUTH_GOOGLE_AUTH_URL: urlWithProtocols('OAUTH_GOOGLE_AUTH_URL', ['http:', 'https:']),
  OAUTH_GOOGLE_TOKEN_URL: urlWithProtocols('OAUTH_GOOGLE_TOKEN_URL', ['http:', 'https:']),
  OAUTH_MICROSOFT_AUTH_URL: urlWithProtocols('OAUTH_MICROSOFT_AUTH_URL', ['http:', 'https:']),
  OAUTH_MICROSOFT_TOKEN_URL: urlWithProtocols('OAUTH_MICROSOFT_TOKEN_URL', ['http:', 'https:']),
  /** Mail host overrides of the providers (tests point them at local servers): OAuth tokens go to these only. */
  OAUTH_GOOGLE_IMAP_HOST: optionalText,
  OAUTH_GOOGLE_SMTP_HOST: optionalText,
  OAUTH_MICROSOFT_IMAP_HOST: optionalText,
  OAUTH_MICROSOFT_SMTP_HOST: optionalText,
  /** Attempts of sign-in, register and sendLoginLink per email address and per client IP, per window. */
  RATE_LIMIT_PER_ADDRESS: positiveInteger('RATE_LIMIT_PER_ADDRESS', 10),
  RATE_LIMIT_PER_IP: positiveInteger('RATE_LIMIT_PER_IP', 30),
  RATE_LIMIT_WINDOW_SECONDS: positiveInteger('RATE_LIMIT_WINDOW_SECONDS', 60),
  /**
   * Reverse proxies in front of the API (hops): the client address is taken that many entries from the right of
   * X-Forwarded-For (Express `trust proxy`); 0 (default) trusts none and uses the connection's address.
   */
  TRUST_PROXY_HOPS: nonNegativeInteger('TRUST_PROXY_HOPS', 0),
  NODE_ENV: optionalText,
  /** Unlocks the details of GET /api/health (subscriber lag, parked events); absent: only ok / not ok. */
  HEALTH_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
    message: 'HEALTH_TOKEN must be at least 16 characters long',
  }),
  /** A bearer token GET /metrics then requires; absent: /metrics answers anyone who reaches it. */
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
    message: 'METRICS_TOKEN must be at least 16 characters long',
  }),
  /** Erasures (POST /api/team/audit/erasures) a team may start per hour; more answer 429. */
  ERASURES_PER_TEAM_PER_HOUR: positiveInteger('ERASURES_PER_TEAM_PER_HOUR', 20),
  /** Seconds every send waits for "Undo" for a person who has not chosen their own window (0 to 30, default 10). */
  UNDO_SEND_DEFAULT_SECONDS: nonNegativeInteger('UNDO_SEND_DEFAULT_SECONDS', 10).refine((value) => value <= 30, {
    message: 'UNDO_SEND_DEFAULT_SECONDS must be from 0 to 30',
  }),
  /** Bytes of one ingested message at most (default 50 MB); larger ones are quarantined. */
  MAIL_MAX_MESSAGE_BYTES: positiveInteger('MAIL_MAX_MESSAGE_BYTES', 50 * 1024 * 1024),
});
export type Environment = z.infer<typeof ZEnvironment>;
