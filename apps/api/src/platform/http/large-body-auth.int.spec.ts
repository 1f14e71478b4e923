import { request as httpRequest } from 'node:http';
import { startTestApp, type TestApp } from '../../../test/app/test-app';

const BODY_BYTES = 30 * 1024 * 1024;
const CHUNK = Buffer.alloc(256 * 1024, 'A');

interface Upload {
  status: number;
  /** Bytes of the body the client had written when the answer arrived. */
  sentWhenAnswered: number;
}

/** POSTs a 30 MB JSON body in chunks (as fast as the connection takes them) and stops writing once answered. */
function upload(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<Upload> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(BODY_BYTES), ...headers },
      },
      (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, sentWhenAnswered }));
        res.on('error', reject);
      },
    );
    // The server closes the connection after its answer: writing on may fail then, which is expected.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const head = Buffer.from('{"emailId":"x","attachments":[{"base64Content":"');
    const tail = Buffer.from('"}]}');
    const write = () => {
      while (!answered && sent < BODY_BYTES) {
        const left = BODY_BYTES - sent;
        let chunk = sent === 0 ? head : left <= tail.length ? tail.subarray(tail.length - left) : CHUNK;
        if (sent > 0 && chunk === CHUNK && left - tail.length < CHUNK.length)
          chunk = CHUNK.subarray(0, left - tail.length);
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (sent >= BODY_BYTES) req.end();
    };
    write();
  });
}

describe('large request bodies and the access token', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('refuses 8 parallel anonymous 30 MB replies before reading them, and stays live meanwhile', async () => {
    const uploads = Array.from({ length: 8 }, (_, i) =>
      upload(t.baseUrl, '/api/emails/send-reply', i % 2 ? { authorization: 'Bearer not.a.token' } : {}),
    );
    const started = Date.now();
    const live = await t.request('/api/health/live');
    const liveMs = Date.now() - started;
    const results = await Promise.all(uploads);

    expect(live.status).toBe(200);
    expect(liveMs).toBeLessThan(1000);
    for (const result of results) {
      expect(result.status).toBe(401);
      // Answered while the client was still sending: the server did not wait for (or buffer) the body.
      expect(result.sentWhenAnswered).toBeLessThan(BODY_BYTES);
    }
  });

  it('still reads a large body of a signed-in caller', async () => {
    const { token } = await t.signUp('large-body');
    const result = await upload(t.baseUrl, '/api/emails/send-reply', { authorization: `Bearer ${token}` });
    // Read whole, then refused by the route's guards (the user has no team yet): 403, after the client sent it all.
    expect(result.status).toBe(403);
    expect(result.sentWhenAnswered).toBe(BODY_BYTES);
  });
});
