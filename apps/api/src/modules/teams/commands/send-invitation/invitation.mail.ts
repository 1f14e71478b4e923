import { INVITATION_TTL_DAYS } from '@teaminbox/contracts';
import type { OutgoingMail } from '../../../../platform/mail/mailer.service';
import { renderLinkMail } from '../../../../platform/mail/mail-content';

export function invitationMail(to: string, link: string, teamName: string, inviter: string): OutgoingMail {
  return {
    to,
    ...renderLinkMail({
      subject: `You are invited to join ${teamName} on Team Inbox`,
      intro: [`${inviter} invited you to join the team "${teamName}" on Team Inbox.`, 'Accept the invitation here:'],
      link,
      linkLabel: 'Accept invitation',
      outro: [
        `The invitation works once and expires in ${INVITATION_TTL_DAYS} days.`,
        'If you did not expect it, you can ignore this email.',
      ],
    }),
  };
}
