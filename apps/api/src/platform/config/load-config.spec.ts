import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, describeConfig, loadConfig } from './load-config';

describe('loadConfig', () => {
  let cwd: string;

  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'teaminbox-config-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  it('applies defaults and resolves DATA_DIR against the working directory', () => {
    const config = loadConfig({}, cwd);
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(join(cwd, 'data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('log');
    expect(config.allowPrivateMailHosts).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('generates secrets once, with mode 0600, and reuses them on restart', () => {
    const first = loadConfig({ DATA_DIR: 'state' }, cwd);
    const secretFile = join(cwd, 'state', 'jwt-secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(cwd, 'state', 'secrets-key')).mode & 0o777).toBe(0o600);
    expect(first.jwtSecret).toBe(readFileSync(secretFile, 'utf8').trim());
    expect(first.jwtSecret).toHaveLength(128);
    expect(first.secretsKey).not.toBe(first.jwtSecret);
    const second = loadConfig({ DATA_DIR: 'state' }, cwd);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.secretsKey).toBe(first.secretsKey);
  });

  it('generates a VAPID key pair once into DATA_DIR (mode 0600), keeps it, and never describes the private key', () => {
    const first = loadConfig({ DATA_DIR: 'state', MAIL_FROM: 'Support <help@example.com>' }, cwd);
    const file = join(cwd, 'state', 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.vapid?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.vapid?.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.vapid?.subject).toBe('mailto:help@example.com');
    expect(loadConfig({ DATA_DIR: 'state' }, cwd).vapid).toMatchObject({
      publicKey: first.vapid?.publicKey,
      privateKey: first.vapid?.privateKey,
    });
    const described = JSON.stringify(describeConfig(first));
    expect(described).toContain(first.vapid?.publicKey);
    expect(described).not.toContain(first.vapid?.privateKey);
  });

  it('takes the VAPID keys and subject from the environment, both keys or neither', () => {
    const keys = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'https://inbox.example.com' }, cwd).vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'https://inbox.example.com',
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY }, cwd)).toThrow(/set together/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://inbox.example.com' }, cwd)).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'short' }, cwd)).toThrow(/VAPID_PRIVATE_KEY/);
  });

  it('takes secrets from the environment when given', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), SECRETS_KEY: 'y'.repeat(40) }, cwd);
    expect(config.jwtSecret).toBe('x'.repeat(40));
    expect(config.secretsKey).toBe('y'.repeat(40));
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ EVENTSTORE_URL: 'http://localhost:2113' }, 'EVENTSTORE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ALLOW_PRIVATE_MAIL_HOSTS: 'maybe' }, 'ALLOW_PRIVATE_MAIL_HOSTS'],
    [{ DNS_SERVERS: 'dns.example.com' }, 'DNS_SERVERS'],
    [{ DNS_SERVERS: '9.9.9.9,localhost:53' }, 'DNS_SERVERS'],
  ])('stops on a bad value %j naming it', (env, name) => {
    expect(() => loadConfig(env, cwd)).toThrow(ConfigError);
    expect(() => loadConfig(env, cwd)).toThrow(new RegExp(name));
  });

  it("takes the DNS servers for user-given host names from DNS_SERVERS, else the system's", () => {
    expect(loadConfig({}, cwd).dnsServers).toBeUndefined();
    expect(loadConfig({ DNS_SERVERS: ' 9.9.9.9, 127.0.0.1:5353,[::1]:53 , 2620:fe::fe' }, cwd).dnsServers).toEqual([
      '9.9.9.9',
      '127.0.0.1:5353',
      '[::1]:53',
      '2620:fe::fe',
    ]);
  });

  it('describes the configuration without secrets or passwords', () => {
    const config = loadConfig(
      { DATABASE_URL: 'postgres://app:s3cret@db:5432/inbox', JWT_SECRET: 'j'.repeat(40), SECRETS_KEY: 'k'.repeat(40) },
      cwd,
    );
    const text = JSON.stringify(describeConfig(config));
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('j'.repeat(40));
    expect(text).not.toContain('k'.repeat(40));
    expect(text).toContain('db:5432');
  });

  it('configures mailbox OAuth2 providers only when their client id is set, with endpoint overrides', () => {
    expect(loadConfig({}, cwd).oauth).toEqual({ google: undefined, microsoft: undefined });
    const config = loadConfig(
      {
        GOOGLE_CLIENT_ID: 'g-id',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        OAUTH_GOOGLE_TOKEN_URL: 'http://127.0.0.1:9000/token',
        MICROSOFT_CLIENT_ID: 'm-id',
        MICROSOFT_TENANT: 'contoso.example',
      },
      cwd,
    );
    expect(config.oauth?.google).toEqual({
      clientId: 'g-id',
      clientSecret: 'g-secret',
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'http://127.0.0.1:9000/token',
    });
    expect(config.oauth?.microsoft).toMatchObject({
      clientId: 'm-id',
      authUrl: 'https://login.microsoftonline.com/contoso.example/oauth2/v2.0/authorize',
      tokenUrl: 'https://login.microsoftonline.com/contoso.example/oauth2/v2.0/token',
    });
    expect(JSON.stringify(describeConfig(config))).not.toContain('g-secret');
    expect(() => loadConfig({ OAUTH_GOOGLE_AUTH_URL: 'ftp://x' }, cwd)).toThrow(/OAUTH_GOOGLE_AUTH_URL/);
  });

  it('reads the reverse proxies to trust as a hop count, 0 by default', () => {
    expect(loadConfig({}, cwd).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY_HOPS: '2' }, cwd).trustProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: 'yes' }, cwd)).toThrow(
      /TRUST_PROXY_HOPS must be 0 or a positive integer/,
    );
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '-1' }, cwd)).toThrow(/TRUST_PROXY_HOPS/);
  });
});
