import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { testCertificate } from '../net/test-certificate';

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload. */
  payload: string;
  ttl: string | undefined;
  /** The claims of the VAPID token that authorised it. */
  claims: { aud: string; exp: number; sub: string };
}

export interface TestPushSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * A local push service like a browser vendor's: https with its own certificate (host name push.test, resolved to
 * 127.0.0.1 by the test), subscriptions with real P-256 keys and auth secrets. A push is accepted (201) only with a
 * valid VAPID token (ES256, signed by `vapidPublicKey`, audience = this origin, not expired) and a body it can
 * decrypt (aes128gcm) with the subscription's private key; otherwise it answers 401 or 400. A subscription can be
 * made to answer a status instead (410 Gone for an expired one).
 */
export async function startPushService(vapidPublicKey: () => string) {
  const cert = testCertificate(['push.test']);
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: { subscriptionId: string; status: number; reason: string }[] = [];
  let port = 0;

  function verifyVapid(header: string | undefined): ReceivedPush['claims'] | string {
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
    if (!match) return 'no vapid authorization';
    const [, token, key] = match;
    if (key !== vapidPublicKey()) return 'unknown application server key';
    const [head, body, signature] = token.split('.');
    const raw = Buffer.from(key, 'base64url');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
      format: 'jwk',
    });
    const ok = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature ?? '', 'base64url'),
    );
    if (!ok) return 'bad signature';
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceivedPush['claims'];
    if (claims.aud !== `https://push.test:${port}`) return `wrong audience ${claims.aud}`;
    if (claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600 * 1000) return 'bad expiry';
    if (!/^(mailto:|https:)/.test(claims.sub)) return 'bad subject';
    return claims;
  }

  const server: Server = createServer({ cert: cert.cert, key: cert.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const subscriptionId = (req.url ?? '').replace(/^\/push\//, '');
      const refuse = (status: number, reason: string) => {
        refused.push({ subscriptionId, status, reason });
        res.writeHead(status).end(reason);
      };
      const answer = answers.get(subscriptionId);
      if (answer) return refuse(answer, 'configured answer');
      const subscription = keys.get(subscriptionId);
      if (req.method !== 'POST' || !subscription) return refuse(404, 'no such subscription');
      const claims = verifyVapid(req.headers.authorization);
      if (typeof claims === 'string') return refuse(401, claims);
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'not aes128gcm');
      let payload: string;
      try {
        payload = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: b64url(subscription.auth),
        }).toString('utf8');
      } catch (error) {
        return refuse(400, `cannot decrypt: ${(error as Error).message}`);
      }
      received.push({ subscriptionId, payload, ttl: req.headers.ttl as string | undefined, claims });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  return {
    ca: cert.cert,
    received,
    refused,
    /** A browser's subscription: endpoint and keys as PushSubscription.toJSON() gives them. */
    subscribe(): TestPushSubscription {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `https://push.test:${port}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      };
    },
    /** From now on the subscription answers this status (410: expired). */
    answer(subscriptionId: string, status: number) {
      answers.set(subscriptionId, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestPushService = Awaited<ReturnType<typeof startPushService>>;
