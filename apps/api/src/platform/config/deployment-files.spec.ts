import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ZEnvironment } from './config.schema';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The names `.env.example` documents: `NAME=` at the start of a line, commented out or not. */
function documented(): Set<string> {
  return new Set([...read('.env.example').matchAll(/^(?:#\s*)?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
}

/** Source files of the product (apps/ and libs/), without tests, builds and dependencies. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', 'test', '__tests__'].includes(entry.name) ? [] : sourceFiles(path);
    }
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !/\.(spec|test)\.[a-z]+$/.test(entry.name) ? [path] : [];
  });
}

/** Every variable read through process.env outside the validated schema (e.g. the maintenance commands). */
function readByTheCode(): string[] {
  const names = new Set<string>();
  for (const file of [...sourceFiles('apps'), ...sourceFiles('libs')]) {
    const text = read(file);
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) names.add(m[1]);
    for (const m of text.matchAll(/process\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) names.add(m[1]);
    // A helper reading process.env[name] for a name given as a literal (the CLI's positiveInteger('NAME', ...)).
    if (/process\.env\[name\]/.test(text)) {
      for (const m of text.matchAll(/\(\s*'([A-Z][A-Z0-9_]*)'\s*,/g)) names.add(m[1]);
    }
  }
  return [...names].filter((name) => name !== 'PATH');
}

describe('.env.example', () => {
  const names = documented();

  it('documents every variable of the validated configuration', () => {
    const missing = Object.keys(ZEnvironment.shape).filter((name) => !names.has(name));
    expect(missing).toEqual([]);
  });

  it('documents every variable the code reads from the environment', () => {
    const read = readByTheCode();
    expect(read).toEqual(expect.arrayContaining(['PROJECTIONS_AUTOSTART', 'VERIFY_WAIT_SECONDS']));
    expect(read.filter((name) => !names.has(name))).toEqual([]);
  });

  it('documents every variable docker-compose.yml takes from the environment', () => {
    const compose = read('docker-compose.yml');
    const used = new Set([...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !names.has(name))).toEqual([]);
  });

  it('gives the app every variable of the validated configuration in docker-compose.yml, or documents why not', () => {
    // Test-only overrides and what the image fixes itself are not passed through.
    const notPassed = new Set([
      'WEB_ROOT',
      'NODE_ENV',
      'ALLOW_PRIVATE_MAIL_HOSTS',
      'OAUTH_GOOGLE_AUTH_URL',
      'OAUTH_GOOGLE_TOKEN_URL',
      'OAUTH_MICROSOFT_AUTH_URL',
      'OAUTH_MICROSOFT_TOKEN_URL',
      'OAUTH_GOOGLE_IMAP_HOST',
      'OAUTH_GOOGLE_SMTP_HOST',
      'OAUTH_MICROSOFT_IMAP_HOST',
      'OAUTH_MICROSOFT_SMTP_HOST',
    ]);
    const compose = read('docker-compose.yml');
    const passed = new Set([...compose.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
    const missing = Object.keys(ZEnvironment.shape).filter((name) => !passed.has(name) && !notPassed.has(name));
    expect(missing).toEqual([]);
  });
});

/** The service blocks of docker-compose.yml: name -> its lines (no YAML parser: the file keeps a plain layout). */
function composeServices(): Map<string, string> {
  const compose = read('docker-compose.yml');
  const services = compose.slice(compose.indexOf('\nservices:\n'), compose.indexOf('\nvolumes:\n'));
  const blocks = new Map<string, string>();
  for (const block of services.split(/\n(?= {2}[a-z][a-z0-9-]*:\n)/).slice(1)) {
    blocks.set(/^ {2}([a-z][a-z0-9-]*):/.exec(block)![1], block);
  }
  return blocks;
}

describe('the container files', () => {
  it('pins every image to a version', () => {
    const images = [
      ...[...read('docker-compose.yml').matchAll(/^\s+image: (\S+)$/gm)].map((m) => m[1]),
      ...[...read('Dockerfile').matchAll(/^ARG NODE_IMAGE=(\S+)$/gm)].map((m) => m[1]),
    ].filter((image) => image !== 'teaminbox:local');
    expect(images.length).toBeGreaterThanOrEqual(5);
    for (const image of images) expect(image).toMatch(/:\d+(\.\d+)+(-[a-z0-9.-]+)?$/);
  });

  it('builds with npm ci and runs the built product without dev dependencies, as a non-root user, with a healthcheck', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^RUN npm ci /m);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*\/api\/health\/live/m);
    expect(runtime).not.toMatch(/COPY --from=build \/app \/app/);
  });

  it('runs the app as 2 replicas behind the proxy, every long-running service restarting and health-checked', () => {
    const services = composeServices();
    expect([...services.keys()]).toEqual(expect.arrayContaining(['proxy', 'app', 'postgres', 'kurrentdb']));
    expect(services.get('app')).toMatch(/replicas: 2/);
    expect(services.get('app')).not.toMatch(/\n {4}ports:/);
    expect(services.get('proxy')).toMatch(/\n {4}ports:/);
    for (const [name, block] of services) {
      if (block.includes('service_completed_successfully') || name.endsWith('-certgen')) continue;
      expect([name, /\n {4}restart: unless-stopped/.test(block), /\n {4}healthcheck:/.test(block)]).toEqual([
        name,
        true,
        true,
      ]);
    }
    // KurrentDB runs secure (TLS and authentication), only with its profile.
    expect(services.get('kurrentdb')).toMatch(/profiles: \[kurrentdb\]/);
    expect(services.get('kurrentdb')).not.toMatch(/KURRENTDB_INSECURE:/);
    expect(services.get('kurrentdb')).toMatch(/KURRENTDB_DEFAULT_ADMIN_PASSWORD/);
  });
});
