import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { CommandBus } from '@nestjs/cqrs';
import type PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import { testCertificate } from '../../../../test/net/test-certificate';
import { testConfig } from '../../../../test/app/test-app';
import { OutboundBusyError, OutboundLimits } from '../../../platform/net';
import type { NotificationJob } from './notification-queue';
import { MemberNotificationSettings } from '../../notification-settings';
import { SlackWorker } from './slack.worker';

/** The Slack worker counts each call against its recipient's team and gives its job back at once when it is full. */
describe('Slack worker under the per-team limit', () => {
  const cert = testCertificate(['hooks.test']);
  let server: Server;
  let port = 0;
  let posts = 0;

  beforeAll(async () => {
    server = createServer({ cert: cert.cert, key: cert.key }, (req, res) => {
      posts++;
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const teams: Record<string, string> = { 'user-a': 'team-a', 'user-b': 'team-b' };
  const db = {
    query: async () => [
      {
        slack_notifications_enabled: true,
        slack_webhook_url: `https://hooks.test:${port}/services/T/B/x`,
      },
    ],
  } as unknown as DataSource;
  const recorded: unknown[] = [];
  const commands = { execute: async (command: unknown) => recorded.push(command) } as unknown as CommandBus;
  const job = (userId: string) =>
    ({
      id: `job-${userId}`,
      retryCount: 0,
      data: {
        notificationId: 'n1',
        userId,
        teamId: teams[userId],
        type: 'EMAIL_RECEIVED',
        title: 't',
        message: 'm',
        actionUrl: null,
      },
    }) as unknown as PgBoss.JobWithMetadata<NotificationJob>;

  it("fails at once, sending nothing, while the recipient's team has its share in flight; other teams go on", async () => {
    const limits = new OutboundLimits({ perHost: 2, perTeam: 4 });
    const worker = new SlackWorker(testConfig(), new MemberNotificationSettings(db), commands);
    worker.outbound = { ca: cert.cert, lookup: async () => [{ address: '127.0.0.1', family: 4 }], limits };
    const held = [1, 2, 3, 4].map(() => limits.team.tryAcquire('team-a'));

    const started = performance.now();
    await expect(worker.run(job('user-a'))).rejects.toEqual(new OutboundBusyError('team'));
    expect(performance.now() - started).toBeLessThan(200);
    expect(posts).toBe(0);

    await worker.run(job('user-b'));
    expect(posts).toBe(1);

    held[0]?.();
    await worker.run(job('user-a'));
    expect(posts).toBe(2);
    expect(recorded).toHaveLength(2);
  });
});
