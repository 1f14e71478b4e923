import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputTextarea } from 'primereact/inputtextarea';
import type { TeamMember } from '@teaminbox/contracts';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { selectTeamDirectory } from '../../shared/teamDirectory';
import {
  commentAddRequested,
  commentDeleteRequested,
  commentDraftChanged,
  commentEditCancelled,
  commentEditChanged,
  commentEditStarted,
  commentSaveRequested,
  selectComments,
} from './commentsSlice';
import { insertMention, mentionAt, mentionSuggestions } from './mentions';

/**
 * A comment box with @mention suggestions: typing '@' and part of a name or email lists up to six members;
 * arrows move, Enter or a click inserts the member, Escape closes the list.
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
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [cursor, setCursor] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const mention = mentionAt(value, cursor);
  const suggestions = mention && dismissed !== mention.start ? mentionSuggestions(members, mention.query) : [];

  const pick = (member: TeamMember) => {
    if (!mention) return;
    const next = insertMention(value, mention.start, cursor, member);
    onChange(next.text);
    setCursor(next.cursor);
    setActive(0);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length === 0 || !mention) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(suggestions[Math.min(active, suggestions.length - 1)]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(mention.start);
    }
  };

  return (
    <div style={{ position: 'relative' }}>
      <InputTextarea
        ref={ref}
        value={value}
        rows={3}
        className="w-full"
        onChange={(event) => {
          onChange(event.target.value);
          setCursor(event.target.selectionStart ?? event.target.value.length);
          setActive(0);
        }}
        onSelect={(event) => setCursor(event.currentTarget.selectionStart ?? 0)}
        onKeyDown={onKeyDown}
        placeholder={label}
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={suggestions.length > 0}
        data-testid={testId}
      />
      {suggestions.length > 0 ? (
        <ul
          role="listbox"
          aria-label={t('emailDetail.mentionSuggestions')}
          className="list-none p-1 m-0 surface-overlay border-1 surface-border border-round shadow-2"
          style={{ position: 'absolute', zIndex: 5, left: 0, top: '100%', minWidth: 260 }}
          data-testid="mention-suggestions"
        >
          {suggestions.map((member, index) => (
            <li
              key={member.id}
              role="option"
              aria-selected={index === active}
              className={`p-2 border-round cursor-pointer ${index === active ? 'bg-primary' : ''}`}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(member);
              }}
            >
              {member.name && member.name !== member.email ? `${member.name} <${member.email}>` : member.email}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Internal comments: add (with mentions), edit and delete one's own; the list scrolls past 500 px. */
export function CommentsCard({ emailId }: { emailId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { items: comments, draft: text, editing } = useAppSelector(selectComments);
  const { members } = useAppSelector(selectTeamDirectory);
  const myEmail = useAppSelector(selectCurrentUser)?.email;

  return (
    <Card title={t('emailDetail.comments')}>
      <ul
        className="list-none p-0 m-0 flex flex-column gap-2"
        style={{ maxHeight: 500, overflowY: 'auto' }}
        data-testid="comments"
      >
        {comments.length === 0 ? <li>{t('emailDetail.noComments')}</li> : null}
        {comments.map((comment) => {
          const own = comment.userEmail === myEmail;
          if (editing?.id === comment.id) {
            return (
              <li key={comment.id} className="flex flex-column gap-2" data-testid="comment">
                <MentionTextarea
                  value={editing.text}
                  onChange={(value) => dispatch(commentEditChanged(value))}
                  members={members}
                  label={t('emailDetail.editComment')}
                  testId="comment-edit-input"
                />
                <div className="flex gap-2">
                  <Button
                    type="button"
                    size="small"
                    label={t('emailDetail.saveComment')}
                    onClick={() => dispatch(commentSaveRequested(emailId))}
                    data-testid="comment-save"
                  />
                  <Button
                    type="button"
                    size="small"
                    text
                    label={t('emailDetail.cancel')}
                    onClick={() => dispatch(commentEditCancelled())}
                  />
                </div>
              </li>
            );
          }
          return (
            <li key={comment.id} className="flex align-items-start gap-2" data-testid="comment">
              <strong>{comment.userName || comment.userEmail}</strong>
              <span style={{ whiteSpace: 'pre-wrap' }} className="flex-1">
                {comment.message}
                {comment.updatedAt ? <em className="text-color-secondary"> ({t('emailDetail.edited')})</em> : null}
              </span>
              {own ? (
                <>
                  <Button
                    type="button"
                    size="small"
                    text
                    icon="pi pi-pencil"
                    aria-label={t('emailDetail.editComment')}
                    onClick={() => dispatch(commentEditStarted({ id: comment.id, text: comment.message }))}
                  />
                  <Button
                    type="button"
                    size="small"
                    text
                    icon="pi pi-trash"
                    aria-label={t('emailDetail.deleteComment')}
                    onClick={() => dispatch(commentDeleteRequested(emailId, comment.id))}
                  />
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-column gap-2 mt-2">
        <MentionTextarea
          value={text}
          onChange={(value) => dispatch(commentDraftChanged(value))}
          members={members}
          label={t('emailDetail.commentPlaceholder')}
          testId="comment-input"
        />
        <div>
          <Button
            type="button"
            size="small"
            label={t('emailDetail.addComment')}
            onClick={() => dispatch(commentAddRequested(emailId, text))}
          />
        </div>
      </div>
    </Card>
  );
}
