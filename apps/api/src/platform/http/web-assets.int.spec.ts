import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp, testConfig } from '../../../test/app/test-app';

const BIG = `${'console.log("a line of the app");\n'.repeat(200)}`;

describe('web assets', () => {
  let t: TestApp;

  beforeAll(async () => {
    const { webRoot } = testConfig();
    const write = (path: string, content: string | Buffer) => {
      mkdirSync(join(webRoot, path, '..'), { recursive: true });
      writeFileSync(join(webRoot, path), content);
    };
    write('apps/shell/dist/index.html', '<!doctype html><title>shell</title>');
    write('apps/shell/dist/main.1a2b3c4d5e.js', 'console.log(1)');
    // The build's precompressed copies of a larger file.
    write('apps/shell/dist/big.2b3c4d5e6f.js', BIG);
    write('apps/shell/dist/big.2b3c4d5e6f.js.br', brotliCompressSync(BIG));
    write('apps/shell/dist/big.2b3c4d5e6f.js.gz', gzipSync(BIG));
    write('apps/mfe-inbox/dist/mf-manifest.json', '{"name":"inbox"}');
    write('apps/mfe-inbox/dist/remoteEntry.js', 'var inbox;');
    write('apps/mfe-inbox/dist/412.0f1e2d3c4b.js', 'var chunk;');
    // mfe-admin and mfe-settings are deliberately missing.
    t = await startTestApp({ webRoot });
  });
  afterAll(() => t?.close());

  it('serves the shell at / and falls back to index.html for client routes', async () => {
    for (const path of ['/', '/admin/inbox', '/login?next=1']) {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('caches hashed assets for long and revalidates manifests and remote entries', async () => {
    expect((await t.request('/main.1a2b3c4d5e.js')).headers.get('cache-control')).toContain('immutable');
    const manifest = await t.request('/remotes/inbox/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body).toEqual({ name: 'inbox' });
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await t.request('/remotes/inbox/remoteEntry.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await t.request('/remotes/inbox/412.0f1e2d3c4b.js')).headers.get('cache-control')).toContain('max-age');
  });

  it('sends the precompressed copy the browser accepts, typed and cached as the file it stands for', async () => {
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await t.request<string>('/big.2b3c4d5e6f.js', { headers: { 'accept-encoding': accepted } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.body).toBe(BIG);
    }
    const plain = await t.request<string>('/big.2b3c4d5e6f.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toBe(BIG);
  });

  it('answers 404 for missing remote files and unbuilt remotes, never the shell', async () => {
    for (const path of ['/remotes/inbox/missing.js', '/remotes/admin/mf-manifest.json', '/remotes/unknown/x.js']) {
      const res = await t.request(path);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('<title>shell</title>');
    }
  });

  it('leaves /api to the API', async () => {
    expect((await t.request('/api/no-such-route')).status).toBe(404);
    expect((await t.request('/api/health')).status).toBe(200);
  });
});
