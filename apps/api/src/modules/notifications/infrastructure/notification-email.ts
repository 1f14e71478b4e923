import type { UserLanguage } from '@teaminbox/contracts';
import type { OutgoingMail } from '../../../platform/mail';
import { renderLinkMail } from '../../../platform/mail';
import type { NotificationJob } from './notification-queue';

const TEXTS: Record<UserLanguage, { open: string; list: string; why: string }> = {
  en: {
    open: 'Open the e-mail',
    list: 'Open your notifications',
    why: 'You receive this message because of your notification settings in Team Inbox.',
  },
  cs: {
    open: 'Otevřít e-mail',
    list: 'Otevřít notifikace',
    why: 'Tuto zprávu dostáváte podle svého nastavení notifikací v Team Inbox.',
  },
};

export const SUBJECT_MAX_LENGTH = 200;

/** The notification as an email in the recipient's language, with a link to the email (or to the notifications). */
export function notificationMail(to: string, job: NotificationJob, publicUrl: string): OutgoingMail {
  const texts = TEXTS[job.language] ?? TEXTS.en;
  const subject = `${job.title}: ${job.message}`;
  return {
    to,
    ...renderLinkMail({
      subject: subject.length > SUBJECT_MAX_LENGTH ? `${subject.slice(0, SUBJECT_MAX_LENGTH - 1)}…` : subject,
      intro: [job.message],
      link: `${publicUrl}${job.actionUrl ?? '/admin/notifications'}`,
      linkLabel: job.actionUrl ? texts.open : texts.list,
      outro: [texts.why],
    }),
  };
}
