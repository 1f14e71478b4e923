import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Mention } from 'primereact/mention';
import type { TeamMember } from '@teaminbox/contracts';
import { PersonAvatar } from '@teaminbox/ui';
import {
  selectCanWrite,
  selectCurrentUser,
  useAddCommentMutation,
  useAppDispatch,
  useAppSelector,
  useDeleteCommentMutation,
  useEditCommentMutation,
  usePersonPhotos,
} from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { assignableMembers, useTeamDirectory } from '../../shared/teamDirectory';
import { type DetailComment, useDetailComments } from './detail-comments';
import { mentionSuggestions } from './mentions';

/**
 * A comment box with @mention suggestions (PrimeReact Mention): '@' and part of a name or email lists up to six
 * members; arrows move, Enter or a click inserts the member's address, Escape closes the list.
 */
function MentionTextarea({
  value,
  onChange,
  members,
  label,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  members: TeamMember[];
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('inbox');
  const [suggestions, setSuggestions] = useState<TeamMember[]>([]);
  const mention = useRef<Mention>(null);
  // PrimeReact highlights the first member when the list opens, but forgets the highlight when the list changes
  // while it is open (typing on after '@'): Enter then takes the first member, as it does in a list just opened.
  // Mention's own handler has run (it prevents Enter's default only while the list is open).
  const enterTakesFirst = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || !event.defaultPrevented) return;
    const list = mention.current?.getOverlay();
    if (!list || list.querySelector('li[data-p-highlight="true"]')) return;
    list.querySelector<HTMLElement>('li')?.click();
  };
  return (
    <Mention
      ref={mention}
      value={value}
      onChange={(event) => onChange((event.target as HTMLTextAreaElement).value)}
      suggestions={suggestions}
      onSearch={(event) => setSuggestions(mentionSuggestions(members, event.query))}
      field="email"
      rows={3}
      className="w-full"
      inputClassName="w-full"
      placeholder={label}
      itemTemplate={(member: TeamMember) =>
        member.name && member.name !== member.email ? `${member.name} <${member.email}>` : member.email
      }
      pt={{
        input: { 'aria-label': label, 'data-testid': testId, onKeyDown: enterTakesFirst } as object,
        panel: { 'data-testid': 'mention-suggestions' } as object,
        items: { role: 'listbox', 'aria-label': t('emailDetail.mentionSuggestions') } as object,
        item: { role: 'option' } as object,
      }}
    />
  );
}

/** The message of the conversation a comment was written on, when it is not the email shown: "on: subject, date". */
function CommentOn({ comment, emailId }: { comment: DetailComment; emailId: string }) {
  const { t, i18n } = useTranslation('inbox');
  if (!comment.email || comment.emailId === emailId) return null;
  const date = new Date(comment.email.receivedAt).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <div className="text-xs text-color-secondary" data-testid="comment-on">
      {t('emailDetail.commentOn', { subject: comment.email.subject, date, interpolation: { escapeValue: false } })}
    </div>
  );
}

/**
 * Internal comments: add (with mentions), edit and delete one's own; the list scrolls past 500 px. With comments shared
 * within a thread the list holds the whole conversation's, each of another message labelled with it; a new comment is
 * written on the email shown, an edit or deletion on the email the comment is on. A failure keeps the text for another
 * try and raises the spec's notice.
 */
export function CommentsCard({ emailId }: { emailId: string }) {
  const { t } = useTranslation('inbox');
  const photoOf = usePersonPhotos();
  const dispatch = useAppDispatch();
  const comments = useDetailComments(emailId);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ id: string; emailId: string; text: string } | null>(null);
  const [addComment] = useAddCommentMutation();
  const [editComment] = useEditCommentMutation();
  const [deleteComment] = useDeleteCommentMutation();
  const { members } = useTeamDirectory();
  const myEmail = useAppSelector(selectCurrentUser)?.email;
  const canWrite = useAppSelector(selectCanWrite);
  // An auditor is never told of a mention, so the suggestions leave the auditors out.
  const mentionable = assignableMembers(members);

  /** A blank comment is not sent. */
  const add = async () => {
    const message = text.trim();
    if (!message) return;
    const result = await addComment({ emailId, message });
    if (result.error) dispatch(notice('error', 'emailDetail.commentAddError'));
    else setText('');
  };
  const save = async () => {
    const message = editing?.text.trim();
    if (!editing || !message) return;
    const result = await editComment({ emailId: editing.emailId, commentId: editing.id, message });
    if (result.error) dispatch(notice('error', 'emailDetail.commentEditError'));
    else setEditing(null);
  };
  const remove = async (comment: DetailComment) => {
    const result = await deleteComment({ emailId: comment.emailId, commentId: comment.id });
    if (result.error) dispatch(notice('error', 'emailDetail.commentDeleteError'));
    else setEditing((current) => (current?.id === comment.id ? null : current));
  };

  return (
    <Card title={t('emailDetail.comments')}>
      <ul
        className="list-none p-0 m-0 flex flex-column gap-2"
        style={{ maxHeight: 500, overflowY: 'auto' }}
        data-testid="comments"
      >
        {comments.length === 0 ? <li>{t('emailDetail.noComments')}</li> : null}
        {comments.map((comment) => {
          const own = canWrite && comment.userEmail === myEmail;
          if (editing?.id === comment.id) {
            return (
              <li key={comment.id} className="flex flex-column gap-2" data-testid="comment">
                <MentionTextarea
                  value={editing.text}
                  onChange={(value) => setEditing({ ...editing, text: value })}
                  members={mentionable}
                  label={t('emailDetail.editComment')}
                  testId="comment-edit-input"
                />
                <div className="flex gap-2">
                  <Button
                    type="button"
                    size="small"
                    label={t('emailDetail.saveComment')}
                    onClick={() => void save()}
                    data-testid="comment-save"
                  />
                  <Button
                    type="button"
                    size="small"
                    text
                    label={t('emailDetail.cancel')}
                    onClick={() => setEditing(null)}
                  />
                </div>
              </li>
            );
          }
          return (
            <li key={comment.id} className="flex align-items-start gap-2" data-testid="comment">
              <PersonAvatar
                photo={photoOf(comment.userId, comment.userEmail)}
                userId={comment.userId}
                email={comment.userEmail}
                name={comment.userName}
                size={28}
              />
              <strong>{comment.userName || comment.userEmail}</strong>
              <span style={{ whiteSpace: 'pre-wrap' }} className="flex-1">
                {comment.message}
                {comment.updatedAt ? <em className="text-color-secondary"> ({t('emailDetail.edited')})</em> : null}
                <CommentOn comment={comment} emailId={emailId} />
              </span>
              {own ? (
                <>
                  <Button
                    type="button"
                    size="small"
                    text
                    icon="pi pi-pencil"
                    aria-label={t('emailDetail.editComment')}
                    onClick={() => setEditing({ id: comment.id, emailId: comment.emailId, text: comment.message })}
                  />
                  <Button
                    type="button"
                    size="small"
                    text
                    icon="pi pi-trash"
                    aria-label={t('emailDetail.deleteComment')}
                    onClick={() => void remove(comment)}
                  />
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {canWrite ? (
        <div className="flex flex-column gap-2 mt-2">
          <MentionTextarea
            value={text}
            onChange={setText}
            members={mentionable}
            label={t('emailDetail.commentPlaceholder')}
            testId="comment-input"
          />
          <div>
            <Button type="button" size="small" label={t('emailDetail.addComment')} onClick={() => void add()} />
          </div>
        </div>
      ) : null}
    </Card>
  );
}
