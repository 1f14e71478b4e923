import { Inject, Injectable, Logger } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { MailerService, withoutAddresses } from '../../../platform/mail';
import { NotificationDigestQueue } from './notification-digest-queue';
import { notificationMail } from './notification-email';
import type { NotificationJob } from './notification-queue';

/** The start of the cap window that holds `at` (windows of `windowSeconds`, aligned to the epoch: whole hours). */
export function capWindowOf(at: Date, windowSeconds: number): { start: Date; end: Date } {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(at.getTime() / windowMs) * windowMs;
  return { start: new Date(start), end: new Date(start + windowMs) };
}

/**
 * Sends a notification by email through the product's SMTP (SMTP_URL, from MAIL_FROM) to the recipient's current
 * address, when that address is proven (see docs/identity.md). Each send counts against the recipient's and the
 * team's hourly caps; past either, the notification is held for the window's digest (one email at the window's
 * end, a durable job) instead. A refused or failed send throws, so the queue retries it with backoff.
 */
@Injectable()
export class NotificationEmailWorker {
  private readonly logger = new Logger(NotificationEmailWorker.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: MailerService,
    private readonly db: DataSource,
    private readonly digests: NotificationDigestQueue,
  ) {}

  async run(job: PgBoss.JobWithMetadata<NotificationJob>): Promise<void> {
    const [user]: { email: string; proven: boolean }[] = await this.db.query(
      'SELECT email, email_proven_at IS NOT NULL AS proven FROM users WHERE id = $1',
      [job.data.userId],
    );
    if (!user) return;
    // Mail goes only to an address its owner proved; the notification itself is in the app (and Slack, push).
    if (!user.proven) {
      this.logger.log(`Notification email ${job.data.notificationId} not sent: the recipient's address is not proven`);
      return;
    }
    if (await this.heldForDigest(job.data)) return;
    try {
      await this.mailer.send(notificationMail(user.email, job.data, this.config.publicUrl), 'notification');
    } catch (error) {
      const { code } = error as Error & { code?: string };
      // The log and the job's recorded output never name the recipient: the server's answer may quote the address.
      const message = withoutAddresses((error as Error).message);
      this.logger.warn(
        `Notification email ${job.data.notificationId} failed (attempt ${job.retryCount + 1}): ${code ? `${code} ` : ''}${message}`,
      );
      throw new Error(`${code ? `${code} ` : ''}${message}`);
    }
  }

  /**
   * Counts the send in the recipient's and the team's window (every attempt counts, a retried one too); past either
   * cap, stores the notification for the window's digest and schedules the digest, and answers true.
   */
  private async heldForDigest(job: NotificationJob): Promise<boolean> {
    const { caps } = this.digests;
    const window = capWindowOf(new Date(), caps.windowSeconds);
    return this.db.transaction(async (tx) => {
      const count = async (scope: string): Promise<number> => {
        const [row]: { sent: number }[] = await tx.query(
          `INSERT INTO notification_email_window (scope, window_start, sent) VALUES ($1, $2, 1)
           ON CONFLICT (scope, window_start) DO UPDATE SET sent = notification_email_window.sent + 1
           RETURNING sent`,
          [scope, window.start],
        );
        return row.sent;
      };
      const mine = await count(`user:${job.userId}`);
      const team = job.teamId ? await count(`team:${job.teamId}`) : 0;
      if (mine <= caps.perRecipient && team <= caps.perTeam) return false;
      await tx.query(
        `INSERT INTO notification_email_digest
           (user_id, window_start, notification_id, title, message, action_url, language)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [job.userId, window.start, job.notificationId, job.title, job.message, job.actionUrl, job.language],
      );
      await this.digests.schedule({ userId: job.userId, windowStart: window.start.toISOString() }, window.end, tx);
      return true;
    });
  }
}
