import { LOGIN_LINK_TTL_MINUTES } from '@teaminbox/contracts';
import type { OutgoingMail } from '../../../../platform/mail/mailer.service';
import { renderLinkMail } from '../../../../platform/mail/mail-content';

export function loginLinkMail(to: string, link: string): OutgoingMail {
  return {
    to,
    ...renderLinkMail({
      subject: 'Your Team Inbox login link',
      intro: ['Click the link below to log in to Team Inbox. After logging in you can set a new password.'],
      link,
      linkLabel: 'Log in',
      outro: [
        `The link works once and expires in ${LOGIN_LINK_TTL_MINUTES} minutes.`,
        'If you did not ask for it, you can ignore this email.',
      ],
    }),
  };
}
