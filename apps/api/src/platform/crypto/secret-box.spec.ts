import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/load-config';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('k'.repeat(40));

  it('round-trips a secret and never shows it in the sealed form', () => {
    const sealed = box.seal('hunter2-passw0rd');
    expect(sealed).not.toContain('hunter2');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed)).toBe('hunter2-passw0rd');
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value and another key, without echoing the value', () => {
    const sealed = box.seal('secret-value');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    const tampered = [parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.');
    expect(() => box.open(tampered)).toThrow('cannot be opened');
    expect(() => new SecretBox('z'.repeat(40)).open(sealed)).toThrow('cannot be opened');
    expect(() => box.open('plain')).toThrow('Not a sealed secret');
  });

  it('refuses a short key', () => {
    expect(() => new SecretBox('short')).toThrow();
  });

  it('keeps the generated development key in DATA_DIR, so a restart opens what was sealed before', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'teaminbox-secret-box-'));
    try {
      const first = loadConfig({ DATA_DIR: 'state' }, cwd);
      const keyFile = join(cwd, 'state', 'secrets-key');
      expect(first.secretsKey).toBe(readFileSync(keyFile, 'utf8').trim());
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const sealed = new SecretBox(first.secretsKey).seal('imap-password-before-restart');

      const restarted = loadConfig({ DATA_DIR: 'state' }, cwd);
      expect(new SecretBox(restarted.secretsKey).open(sealed)).toBe('imap-password-before-restart');
      // Another DATA_DIR means another generated key: the value cannot be opened there.
      const elsewhere = loadConfig({ DATA_DIR: 'other-state' }, cwd);
      expect(() => new SecretBox(elsewhere.secretsKey).open(sealed)).toThrow('cannot be opened');
      // SECRETS_KEY from the environment wins over the file.
      const fromEnv = loadConfig({ DATA_DIR: 'state', SECRETS_KEY: 'e'.repeat(40) }, cwd);
      expect(fromEnv.secretsKey).toBe('e'.repeat(40));
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
