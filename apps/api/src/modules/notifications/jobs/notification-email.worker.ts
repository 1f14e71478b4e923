import { Inject, Injectable, Logger } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { MailerService } from '../../../platform/mail';
import { notificationMail } from './notification-email';
import type { NotificationJob } from './notification-queue';

/**
 * Sends a notification by email through the product's SMTP (SMTP_URL, from MAIL_FROM) to the recipient's current
 * address. A refused or failed send throws, so the queue retries it with backoff.
 */
@Injectable()
export class NotificationEmailWorker {
  private readonly logger = new Logger(NotificationEmailWorker.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: MailerService,
    private readonly db: DataSource,
  ) {}

  async run(job: PgBoss.JobWithMetadata<NotificationJob>): Promise<void> {
    const [user]: { email: string }[] = await this.db.query('SELECT email FROM users WHERE id = $1', [job.data.userId]);
    if (!user) return;
    try {
      await this.mailer.send(notificationMail(user.email, job.data, this.config.publicUrl));
    } catch (error) {
      const { message, code } = error as Error & { code?: string };
      this.logger.warn(
        `Notification email ${job.data.notificationId} failed (attempt ${job.retryCount + 1}): ${code ? `${code} ` : ''}${message}`,
      );
      throw new Error(`${code ? `${code} ` : ''}${message}`);
    }
  }
}
