import type { LogLevelName } from './config.schema';

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
  logLevel: LogLevelName;
  /** Absolute path of the repository root that holds apps/shell/dist and apps/mfe-<name>/dist. */
  webRoot: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
