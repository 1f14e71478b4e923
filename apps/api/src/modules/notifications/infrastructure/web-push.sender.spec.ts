import { generateVAPIDKeys } from 'web-push';
import { startPushService, type TestPushService } from '../../../../test/notifications/push-service';
import { OutboundUrlNotAllowedError } from '../../../platform/net';
import { sendWebPush } from './web-push.sender';

describe('browser push with VAPID', () => {
  const vapid = { ...generateVAPIDKeys(), subject: 'mailto:no-reply@example.com' };
  let service: TestPushService;
  const lookup = async () => [{ address: '127.0.0.1', family: 4 }];

  beforeAll(async () => {
    service = await startPushService(() => vapid.publicKey);
  });
  afterAll(() => service.close());

  const payload = {
    id: 'n1',
    type: 'TASK_ASSIGNED' as const,
    title: 'Task assigned',
    message: 'Ž: Faktura',
    actionUrl: '/admin/email-detail/e1',
  };

  it('delivers a payload the push service can authenticate (VAPID) and decrypt with the subscription keys', async () => {
    const browser = service.subscribe();
    const outcome = await sendWebPush({ endpoint: browser.endpoint, ...browser.keys }, payload, vapid, {
      allowPrivate: true,
      lookup,
      ca: service.ca,
    });
    expect(outcome).toEqual({ kind: 'delivered' });
    expect(service.refused).toEqual([]);
    const [push] = service.received.filter((r) => r.subscriptionId === browser.id);
    expect(JSON.parse(push.payload)).toEqual(payload);
    expect(push.claims.sub).toBe('mailto:no-reply@example.com');
    expect(Number(push.ttl)).toBe(86400);
  });

  it('is refused when signed with another key, and cannot be read with another subscription’s keys', async () => {
    const browser = service.subscribe();
    const other = { ...generateVAPIDKeys(), subject: vapid.subject };
    const signedElsewhere = await sendWebPush({ endpoint: browser.endpoint, ...browser.keys }, payload, other, {
      allowPrivate: true,
      lookup,
      ca: service.ca,
    });
    expect(signedElsewhere).toEqual({ kind: 'failed', status: 401 });
    const stranger = service.subscribe();
    const wrongKeys = await sendWebPush({ endpoint: browser.endpoint, ...stranger.keys }, payload, vapid, {
      allowPrivate: true,
      lookup,
      ca: service.ca,
    });
    expect(wrongKeys).toEqual({ kind: 'failed', status: 400 });
  });

  it('reports an expired subscription (404, 410) as gone', async () => {
    const browser = service.subscribe();
    service.answer(browser.id, 410);
    expect(
      await sendWebPush({ endpoint: browser.endpoint, ...browser.keys }, payload, vapid, {
        allowPrivate: true,
        lookup,
        ca: service.ca,
      }),
    ).toEqual({ kind: 'gone', status: 410 });
  });

  it('refuses an endpoint on a private address unless private hosts are allowed', async () => {
    const browser = service.subscribe();
    await expect(
      sendWebPush({ endpoint: browser.endpoint, ...browser.keys }, payload, vapid, { allowPrivate: false, lookup }),
    ).rejects.toThrow(OutboundUrlNotAllowedError);
  });
});
