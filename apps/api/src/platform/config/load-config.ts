import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ZEnvironment } from './config.schema';
import type { AppConfig } from './app-config';
import { readOrCreateSecretFile } from './secret-file';
import { readOrCreateVapidKeys, VAPID_KEYS_FILE, vapidSubjectFrom } from './vapid-keys';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The repository root: the nearest ancestor of `from` that holds both apps/ and libs/. */
export function findRepositoryRoot(from: string): string {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(join(dir, 'apps')) && existsSync(join(dir, 'libs'))) return dir;
    const parent = resolve(dir, '..');
    if (parent === dir) return resolve(from);
    dir = parent;
  }
}

/**
 * Validates the environment once. Relative paths resolve against cwd; absent secrets are generated
 * and kept in DATA_DIR. Throws ConfigError naming every bad value.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const parsed = ZEnvironment.safeParse(env);
  if (parsed.success && Boolean(parsed.data.VAPID_PUBLIC_KEY) !== Boolean(parsed.data.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together']);
  }
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  const dataDir = resolve(cwd, values.DATA_DIR ?? './data');
  const mailFrom = values.MAIL_FROM ?? 'Team Inbox <no-reply@localhost>';
  const vapidKeys =
    values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
      ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
      : readOrCreateVapidKeys(join(dataDir, VAPID_KEYS_FILE));
  return {
    port: values.PORT,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    eventStoreUrl: values.EVENTSTORE_URL,
    jwtSecret: values.JWT_SECRET ?? readOrCreateSecretFile(join(dataDir, 'jwt-secret')),
    secretsKey: values.SECRETS_KEY ?? readOrCreateSecretFile(join(dataDir, 'secrets-key')),
    smtpUrl: values.SMTP_URL,
    mailFrom,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    allowPrivateMailHosts: values.ALLOW_PRIVATE_MAIL_HOSTS,
    dnsServers: values.DNS_SERVERS?.split(',').map((entry) => entry.trim()),
    vapid: { ...vapidKeys, subject: values.VAPID_SUBJECT ?? vapidSubjectFrom(mailFrom) },
    logLevel: values.LOG_LEVEL,
    webRoot: values.WEB_ROOT ? resolve(cwd, values.WEB_ROOT) : findRepositoryRoot(join(__dirname, '..', '..', '..')),
    oauth: {
      google: values.GOOGLE_CLIENT_ID
        ? {
            clientId: values.GOOGLE_CLIENT_ID,
            clientSecret: values.GOOGLE_CLIENT_SECRET ?? '',
            authUrl: values.OAUTH_GOOGLE_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
            tokenUrl: values.OAUTH_GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
            imapHost: values.OAUTH_GOOGLE_IMAP_HOST,
            smtpHost: values.OAUTH_GOOGLE_SMTP_HOST,
          }
        : undefined,
      microsoft: values.MICROSOFT_CLIENT_ID
        ? {
            clientId: values.MICROSOFT_CLIENT_ID,
            clientSecret: values.MICROSOFT_CLIENT_SECRET ?? '',
            authUrl:
              values.OAUTH_MICROSOFT_AUTH_URL ??
              `https://login.microsoftonline.com/${encodeURIComponent(values.MICROSOFT_TENANT ?? 'common')}/oauth2/v2.0/authorize`,
            tokenUrl:
              values.OAUTH_MICROSOFT_TOKEN_URL ??
              `https://login.microsoftonline.com/${encodeURIComponent(values.MICROSOFT_TENANT ?? 'common')}/oauth2/v2.0/token`,
            imapHost: values.OAUTH_MICROSOFT_IMAP_HOST,
            smtpHost: values.OAUTH_MICROSOFT_SMTP_HOST,
          }
        : undefined,
    },
    rateLimit: {
      perAddress: values.RATE_LIMIT_PER_ADDRESS,
      perIp: values.RATE_LIMIT_PER_IP,
      windowMs: values.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    mailMaxMessageBytes: values.MAIL_MAX_MESSAGE_BYTES,
    erasuresPerTeamPerHour: values.ERASURES_PER_TEAM_PER_HOUR,
    undoSendDefaultSeconds: values.UNDO_SEND_DEFAULT_SECONDS,
    trustProxyHops: values.TRUST_PROXY_HOPS,
    healthToken: values.HEALTH_TOKEN,
    metricsToken: values.METRICS_TOKEN,
    development: values.NODE_ENV === 'development',
    production: values.NODE_ENV === 'production',
  };
}

/** What may be logged about the configuration: no secrets, no credentials in URLs. */
export function describeConfig(config: AppConfig): Record<string, unknown> {
  const redact = (url?: string) => {
    if (!url) return undefined;
    try {
      const parsed = new URL(url);
      if (parsed.password) parsed.password = '***';
      return parsed.toString();
    } catch {
      return '***';
    }
  };
  return {
    port: config.port,
    dataDir: config.dataDir,
    database: config.databaseUrl ? redact(config.databaseUrl) : 'embedded',
    eventStore: config.eventStoreUrl ? redact(config.eventStoreUrl) : 'postgres',
    smtp: redact(config.smtpUrl) ?? 'none',
    publicUrl: config.publicUrl,
    allowPrivateMailHosts: config.allowPrivateMailHosts,
    dnsServers: config.dnsServers ?? 'system',
    vapidPublicKey: config.vapid?.publicKey,
    logLevel: config.logLevel,
    webRoot: config.webRoot,
    rateLimit: config.rateLimit,
    mailMaxMessageBytes: config.mailMaxMessageBytes,
    erasuresPerTeamPerHour: config.erasuresPerTeamPerHour,
    undoSendDefaultSeconds: config.undoSendDefaultSeconds,
    trustProxyHops: config.trustProxyHops ?? 0,
    healthDetails: Boolean(config.healthToken),
    metricsToken: Boolean(config.metricsToken),
    development: Boolean(config.development),
    production: Boolean(config.production),
    oauthProviders: Object.entries(config.oauth ?? {})
      .filter(([, provider]) => provider)
      .map(([name]) => name),
  };
}
