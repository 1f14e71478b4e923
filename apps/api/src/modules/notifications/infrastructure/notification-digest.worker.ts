import { Inject, Injectable, Logger } from '@nestjs/common';
import type { UserLanguage } from '@teaminbox/contracts';
import type PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { MailerService, type OutgoingMail, renderLinkMail, withoutAddresses } from '../../../platform/mail';
import type { NotificationDigestJob } from './notification-digest-queue';

/** The most notifications a digest lists one by one; the rest are counted. */
export const DIGEST_LISTED_MAX = 100;

const TEXTS: Record<
  UserLanguage,
  {
    subject: (n: number) => string;
    more: (n: number) => string;
    list: string;
    why: string;
  }
> = {
  en: {
    subject: (n) => `${n} more notifications from Team Inbox`,
    more: (n) => `… and ${n} more.`,
    list: 'Open your notifications',
    why: 'You receive this digest because more notifications came within an hour than are emailed one by one.',
  },
  cs: {
    subject: (n) => `Další notifikace z Team Inbox: ${n}`,
    more: (n) => `… a dalších ${n}.`,
    list: 'Otevřít notifikace',
    why: 'Tento souhrn dostáváte, protože během hodiny přišlo více notifikací, než posíláme jednotlivě.',
  },
};

interface HeldNotification {
  notificationId: string;
  title: string;
  message: string;
  language: UserLanguage;
}

/** The digest email: one line per held notification (title: message), a link to the notifications. */
export function digestMail(to: string, held: HeldNotification[], publicUrl: string): OutgoingMail {
  const language = held[held.length - 1]?.language ?? 'en';
  const texts = TEXTS[language] ?? TEXTS.en;
  const listed = held.slice(0, DIGEST_LISTED_MAX).map((n) => `${n.title}: ${n.message}`);
  if (held.length > DIGEST_LISTED_MAX) listed.push(texts.more(held.length - DIGEST_LISTED_MAX));
  return {
    to,
    ...renderLinkMail({
      subject: texts.subject(held.length),
      intro: listed,
      link: `${publicUrl}/admin/notifications`,
      linkLabel: texts.list,
      outro: [texts.why],
    }),
  };
}

/**
 * Sends a recipient's digest at its window's end: every notification held in the window, in one email; the held
 * rows are deleted once it is sent (a failed send throws and is retried, nothing is lost).
 */
@Injectable()
export class NotificationDigestWorker {
  private readonly logger = new Logger(NotificationDigestWorker.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: MailerService,
    private readonly db: DataSource,
  ) {}

  async run(job: PgBoss.JobWithMetadata<NotificationDigestJob>): Promise<void> {
    const { userId, windowStart } = job.data;
    const held: HeldNotification[] = await this.db.query(
      `SELECT notification_id AS "notificationId", title, message, language FROM notification_email_digest
       WHERE user_id = $1 AND window_start = $2 ORDER BY held_at, notification_id`,
      [userId, windowStart],
    );
    const [user]: { email: string; proven: boolean }[] = await this.db.query(
      'SELECT email, email_proven_at IS NOT NULL AS proven FROM users WHERE id = $1',
      [userId],
    );
    if (held.length > 0 && user?.proven) {
      try {
        await this.mailer.send(digestMail(user.email, held, this.config.publicUrl), 'notification');
      } catch (error) {
        const { code } = error as Error & { code?: string };
        // The log and the job's recorded output never name the recipient: the server's answer may quote the address.
        const message = withoutAddresses((error as Error).message);
        this.logger.warn(
          `Notification digest failed (attempt ${job.retryCount + 1}): ${code ? `${code} ` : ''}${message}`,
        );
        throw new Error(`${code ? `${code} ` : ''}${message}`);
      }
    }
    await this.db.query(
      `DELETE FROM notification_email_digest WHERE user_id = $1 AND window_start = $2 AND notification_id = ANY($3)`,
      [userId, windowStart, held.map((n) => n.notificationId)],
    );
    // Windows of past days are no longer counted.
    await this.db.query(`DELETE FROM notification_email_window WHERE window_start < now() - interval '1 day'`);
  }
}
