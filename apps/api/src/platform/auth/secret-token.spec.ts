import { generateSecretToken, hashSecretToken, isWellFormedSecretToken } from './secret-token';

describe('secret tokens', () => {
  it('are 256-bit base64url strings, each different, stored as their SHA-256', () => {
    const tokens = Array.from({ length: 50 }, generateSecretToken);
    expect(new Set(tokens.map((t) => t.token)).size).toBe(50);
    for (const { token, hash } of tokens) {
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(isWellFormedSecretToken(token)).toBe(true);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).toBe(hashSecretToken(token));
      expect(hash).not.toContain(token);
    }
  });

  it('recognises malformed tokens', () => {
    const { token } = generateSecretToken();
    for (const bad of ['', 'x', token.slice(1), `${token}A`, `${token.slice(1)}=`, `${token.slice(1)}+`, 42, null]) {
      expect(isWellFormedSecretToken(bad)).toBe(false);
    }
  });
});
