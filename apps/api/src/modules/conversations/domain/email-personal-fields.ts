import type { EmailReceived } from '@teaminbox/contracts';
import type { PersonalDataGroup, PersonalFieldsDeclaration } from '../../../platform/personal-data';

/**
 * The personal data of a received email. The message (its sender's name and address, subject, bodies, Date and
 * other header values, attachments' file names) belongs to the sender; each address in To and Cc to that recipient.
 * Ids, Message-IDs, times and flags are not personal.
 */
export const EMAIL_RECEIVED_PERSONAL_FIELDS: PersonalFieldsDeclaration<EmailReceived> = (email) => {
  const recipients = (field: 'to' | 'cc'): PersonalDataGroup[] =>
    (email[field] ?? []).map((address, index) => ({
      teamId: email.teamId,
      address,
      paths: [`${field}.${index}`],
    }));
  return [
    {
      teamId: email.teamId,
      address: email.fromEmail,
      paths: [
        'fromName',
        'fromEmail',
        'subject',
        'text',
        'html',
        'dateHeader',
        'headers.*.value',
        'attachments.*.filename',
      ],
    },
    ...recipients('to'),
    ...recipients('cc'),
  ];
};
