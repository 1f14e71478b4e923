import type { EmailComposed, ReplyFailed, ReplyQueued } from '@teaminbox/contracts';
import type { PersonalDataGroup, PersonalFieldsDeclaration } from '../../../platform/personal-data';

/** Each address of a list under that recipient (a queued reply's addresses are bare, validated ones). */
const recipients = (teamId: string, field: string, list: readonly string[] | undefined): PersonalDataGroup[] =>
  (list ?? []).map((address, index) => ({ teamId, address, paths: [`${field}.${index}`] }));

/**
 * A reply handed to the outbox: each recipient's address (To, Cc, Bcc) under that recipient; the subject, the
 * bodies (the answer without its quote too) and the attachments' file names under the person it is written to, the first To recipient. The sending
 * mailbox (`from`, the team's own address) and the member who queued it (an id) stay in clear.
 */
export const REPLY_QUEUED_PERSONAL_FIELDS: PersonalFieldsDeclaration<ReplyQueued> = (reply) => [
  ...(reply.to?.[0]
    ? [
        {
          teamId: reply.teamId,
          address: reply.to[0],
          paths: [
            'subject',
            'text',
            'html',
            ...(reply.answer ? ['answer.text', 'answer.html'] : []),
            'attachments.*.fileName',
          ],
        },
      ]
    : []),
  ...recipients(reply.teamId, 'to', reply.to),
  ...recipients(reply.teamId, 'cc', reply.cc),
  ...recipients(reply.teamId, 'bcc', reply.bcc),
];

/**
 * A conversation the team started: as its queued message, each recipient's address (To, Cc, Bcc) under that
 * recipient and the subject and bodies under the first To recipient; the team's mailbox and the author (an id) stay
 * in clear.
 */
export const EMAIL_COMPOSED_PERSONAL_FIELDS: PersonalFieldsDeclaration<EmailComposed> = (composed) => [
  ...(composed.to?.[0]
    ? [{ teamId: composed.teamId, address: composed.to[0], paths: ['subject', 'text', 'html'] }]
    : []),
  ...recipients(composed.teamId, 'to', composed.to),
  ...recipients(composed.teamId, 'cc', composed.cc),
  ...recipients(composed.teamId, 'bcc', composed.bcc),
];

/** A reply that could not be sent: the server's answer (it may quote the address) under the first To recipient. */
export const REPLY_FAILED_PERSONAL_FIELDS: PersonalFieldsDeclaration<ReplyFailed> = (failed) =>
  failed.correspondent
    ? [{ teamId: failed.teamId, address: failed.correspondent, paths: ['correspondent', 'error'] }]
    : [];
