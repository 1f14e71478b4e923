import type { PushPayload } from '@teaminbox/contracts';
import { generateRequestDetails } from 'web-push';
import type { VapidConfig } from '../../../platform/config';
import { type OutboundOptions, outboundHttps } from '../../../platform/net';

export interface StoredPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push service answered: delivered, gone (the subscription expired: remove it), or failed (retry). */
export type PushOutcome = { kind: 'delivered' } | { kind: 'gone'; status: number } | { kind: 'failed'; status: number };

/** How long a push service keeps an undelivered message for an offline browser. */
export const PUSH_TTL_SECONDS = 24 * 3600;

/**
 * Sends one browser push: the payload encrypted for the subscription (aes128gcm, RFC 8291), signed with the
 * server's VAPID key (RFC 8292), posted to the subscription's endpoint through the SSRF-guarded https client (the
 * endpoint is an address a browser gave us). 404 and 410 mean the subscription is gone.
 */
export async function sendWebPush(
  subscription: StoredPushSubscription,
  payload: PushPayload,
  vapid: VapidConfig,
  options: OutboundOptions,
): Promise<PushOutcome> {
  const details = generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
  const res = await outboundHttps(details.endpoint, {
    ...options,
    method: 'POST',
    headers,
    body: details.body ?? undefined,
  });
  if (res.status >= 200 && res.status < 300) return { kind: 'delivered' };
  if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
  return { kind: 'failed', status: res.status };
}
