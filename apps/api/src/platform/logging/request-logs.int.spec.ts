import { startTestApp, type TestApp } from '../../../test/app/test-app';

/** Every JSON line the application writes to stdout and stderr from now on. */
function captureOutput() {
  const lines: Record<string, unknown>[] = [];
  const spies = [process.stdout, process.stderr].map((stream) => {
    const original = stream.write.bind(stream) as (chunk: string | Uint8Array) => boolean;
    return jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      for (const line of String(chunk).split('\n')) {
        if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      return original(chunk);
    });
  });
  return { lines, stop: () => spies.forEach((spy) => spy.mockRestore()) };
}

async function until<T>(read: () => T, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('request ids in the structured log (real app, log level "log")', () => {
  let t: TestApp;

  // No SMTP_URL: the product's own mail is logged instead of sent, while serving the request that caused it.
  beforeAll(async () => {
    t = await startTestApp({ logLevel: 'log' });
  });
  afterAll(() => t?.close());

  it('puts the request id in the lines written while serving it, and in the answer', async () => {
    const { email } = await t.signUp('logged');
    const output = captureOutput();
    try {
      const res = await t.request('/api/sendLoginLink', {
        method: 'POST',
        body: { email },
        headers: { 'X-Request-Id': 'login-link-42' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe('login-link-42');
      const mailLines = await until(
        () => output.lines.filter((line) => String(line.message).startsWith('No SMTP_URL set')),
        (lines) => lines.length > 0,
      );
      expect(mailLines).toHaveLength(1);
      expect(mailLines[0]).toMatchObject({ requestId: 'login-link-42' });
      // The message names the recipient, never the request id of someone else.
      const tagged = output.lines.filter((line) => 'requestId' in line);
      expect(tagged.every((line) => line.requestId === 'login-link-42')).toBe(true);
    } finally {
      output.stop();
    }
  });
});
