import type { CommentAdded, CommentEdited, ReplyDraftSaved } from '@teaminbox/contracts';
import addressparser from 'nodemailer/lib/addressparser';
import type { PersonalDataGroup, PersonalFieldsDeclaration } from '../../../platform/personal-data';

/**
 * The address a recipient entry names: a draft keeps what was typed, which may be `Name <address>`; anything that
 * parses as no address is taken as written (the platform trims and lowercases it).
 */
export function recipientAddress(entry: string): string {
  const [first] = addressparser(entry, { flatten: true });
  return first?.address ? first.address : entry;
}

/** One group per entry of an address list, each under the address it names. */
export function recipientGroups(
  teamId: string,
  field: string,
  list: readonly string[] | undefined,
): PersonalDataGroup[] {
  return (list ?? []).map((entry, index) => ({
    teamId,
    address: recipientAddress(entry),
    paths: [`${field}.${index}`],
  }));
}

/**
 * A comment (added or edited): its text under the email's sender, the person whose case it discusses (and the
 * `correspondent` field that names them under the same key). The author and the mentioned members are member ids,
 * kept in clear like every actor. Comments recorded without a correspondent are not sealed.
 */
export const COMMENT_PERSONAL_FIELDS: PersonalFieldsDeclaration<CommentAdded | CommentEdited> = (comment) =>
  comment.correspondent
    ? [{ teamId: comment.teamId, address: comment.correspondent, paths: ['correspondent', 'message'] }]
    : [];

/**
 * A reply draft: each recipient's address (To, Cc, Bcc) under that recipient; the subject and bodies under the
 * person it is written to, the first To recipient, or the email's sender while the draft has no To recipient.
 */
export const REPLY_DRAFT_SAVED_PERSONAL_FIELDS: PersonalFieldsDeclaration<ReplyDraftSaved> = (draft) => {
  const writtenTo =
    (draft.to ?? []).map(recipientAddress).find((address) => address.trim() !== '') ?? draft.correspondent;
  const correspondent: PersonalDataGroup[] = draft.correspondent
    ? [{ teamId: draft.teamId, address: draft.correspondent, paths: ['correspondent'] }]
    : [];
  const texts: PersonalDataGroup[] = writtenTo
    ? [
        {
          teamId: draft.teamId,
          address: writtenTo,
          paths: [
            'subject',
            'body',
            'htmlBody',
            // A draft restored from an undone send carries its attachments' names.
            ...(draft.attachments ? ['attachments.*.fileName'] : []),
          ],
        },
      ]
    : [];
  return [
    ...texts,
    ...recipientGroups(draft.teamId, 'to', draft.to),
    ...recipientGroups(draft.teamId, 'cc', draft.cc),
    ...recipientGroups(draft.teamId, 'bcc', draft.bcc),
    ...correspondent,
  ];
};
