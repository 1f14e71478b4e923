import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startApp, type RunningApp } from '../support/app-server';
import { test, expect, newAccount, signUpViaApi, useToken } from '../support/fixtures';

/** Every file of a directory (recursively), relative path → sha256 and mtime. */
function fingerprint(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = join(prefix, entry.name);
    if (entry.isDirectory()) Object.assign(out, fingerprint(dir, path));
    else {
      const file = join(dir, path);
      const sha = createHash('sha256').update(readFileSync(file)).digest('hex');
      out[path] = `${sha} ${statSync(file).mtimeMs}`;
    }
  }
  return out;
}

const TEXT = /\.(js|json|map)$/;

/**
 * Redeploys one remote as its build would after a text changed: every chunk holding one of the texts is written
 * again with the new text under a new content hash (the old file is gone), the remote's entry, manifest and other
 * chunks name the new hash, and the precompressed copies are made again. Returns how many chunks changed.
 */
function redeployWithChangedTexts(dist: string, changes: Record<string, string>): number {
  const replaceAll = (source: string, pairs: Iterable<[string, string]>) => {
    let out = source;
    for (const [from, to] of pairs) out = out.split(from).join(to);
    return out;
  };
  // The minifier writes the Latin-1 letters of a text as \xNN escapes ('obr\xe1zek'); a text is looked for both ways.
  const escaped = (text: string) =>
    text.replace(/[\u0080-\u00ff]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  const pairs = Object.entries(changes).flatMap(([from, to]): [string, string][] => [
    [from, to],
    [escaped(from), escaped(to)],
  ]);
  const written = new Set<string>();
  const renamed = new Map<string, string>();
  for (const name of readdirSync(dist).filter((n) => n.endsWith('.js'))) {
    const source = readFileSync(join(dist, name), 'utf8');
    const changed = replaceAll(source, pairs);
    if (changed === source) continue;
    const hash = /\.([0-9a-f]{8,})\.js$/.exec(name)?.[1];
    if (!hash) throw new Error(`${name} carries no content hash`);
    const newHash = createHash('sha256').update(changed).digest('hex').slice(0, hash.length);
    renamed.set(hash, newHash);
    for (const suffix of ['', '.br', '.gz', '.map', '.map.br', '.map.gz'])
      rmSync(join(dist, name + suffix), { force: true });
    const newName = name.replace(hash, newHash);
    writeFileSync(join(dist, newName), changed);
    written.add(newName);
  }
  for (const name of readdirSync(dist).filter((n) => TEXT.test(n))) {
    const source = readFileSync(join(dist, name), 'utf8');
    const changed = replaceAll(source, renamed);
    if (changed === source) continue;
    writeFileSync(join(dist, name), changed);
    written.add(name);
  }
  for (const name of written) {
    const body = readFileSync(join(dist, name));
    const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(body, brotli));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(body, { level: 9 }));
  }
  return renamed.size;
}

test.describe('a remote redeployed alone', () => {
  let app: RunningApp | undefined;

  test.afterAll(async () => {
    await app?.stop();
  });

  test('brings its changed texts, in both languages, to the running shell without a new shell', async ({ page }) => {
    test.setTimeout(180_000);
    // A product of its own: this test replaces files of a remote in its private copy of the build.
    app = await startApp();
    const account = newAccount('remote-texts');
    const token = await signUpViaApi(app.url, account, { proven: false });
    await useToken(page, token, app.url);

    await page.goto(`${app.url}/admin/profile`);
    await expect(page.getByText('Square image, at least 128x128 px')).toBeVisible();

    const shellDist = join(app.webRoot, 'apps', 'shell', 'dist');
    const shellBefore = fingerprint(shellDist);
    const changedChunks = redeployWithChangedTexts(join(app.webRoot, 'apps', 'mfe-settings', 'dist'), {
      'Square image, at least 128x128 px': 'A square image of 128x128 px or more',
      'Čtvercový obrázek, alespoň 128x128 px': 'Čtvercový obrázek o 128x128 px nebo větší',
    });
    expect(changedChunks).toBeGreaterThanOrEqual(2);

    await page.reload();
    await expect(page.getByText('A square image of 128x128 px or more')).toBeVisible();
    await expect(page.getByText('Square image, at least 128x128 px')).toHaveCount(0);

    // Czech comes with the remote too (loaded when it is chosen).
    await page.getByTestId('language-switch').click();
    await expect(page.getByText('Čtvercový obrázek o 128x128 px nebo větší')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Čtvercový obrázek o 128x128 px nebo větší')).toBeVisible();

    // The shell's files were not touched (neither rebuilt nor rewritten).
    expect(fingerprint(shellDist)).toEqual(shellBefore);
  });
});
