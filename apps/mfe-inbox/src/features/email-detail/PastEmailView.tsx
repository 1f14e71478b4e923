import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import type { EmailAsOf } from '@teaminbox/contracts';
import { useAppDispatch } from '@teaminbox/web-store';
import { backToNow } from './emailHistorySlice';
import { formatInstant, shortId } from './HistoryView';

/** The banner over a past state: which instant it is, and the way back to now. */
export function PastBanner({ asOf }: { asOf: string }) {
  const { t, i18n } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  return (
    <Message
      severity="warn"
      className="w-full justify-content-between"
      data-testid="past-banner"
      content={
        <div className="flex flex-wrap align-items-center gap-3 w-full">
          <i className="pi pi-history" aria-hidden />
          <span className="flex-1" data-testid="past-banner-text">
            {t('emailHistory.pastBanner', { when: formatInstant(asOf, i18n.language) })}
          </span>
          <Button
            type="button"
            size="small"
            label={t('emailHistory.backToNow')}
            onClick={() => dispatch(backToNow())}
            data-testid="back-to-now"
          />
        </div>
      }
    />
  );
}

/**
 * What the email's cards do not show of a past state: its folder, read state, its last merge or split by then,
 * comments and replies then.
 */
export function PastEmailView({ email }: { email: EmailAsOf }) {
  const { t, i18n } = useTranslation('inbox');
  const folder = email.isSpam ? 'spam' : email.isArchived ? 'archived' : 'inbox';
  return (
    <Card title={t('emailHistory.pastHeading')} data-testid="past-email">
      <div className="flex flex-wrap gap-4 mb-3">
        <span>
          {t('emailHistory.folder')}: <strong data-testid="past-folder">{t(`emailHistory.folders.${folder}`)}</strong>
        </span>
        <strong data-testid="past-read">{t(email.read ? 'emailHistory.read' : 'emailHistory.unread')}</strong>
      </div>
      {email.conversationChange ? (
        <p data-testid="past-conversation">
          {t(`emailHistory.pastConversation.${email.conversationChange.type}`, {
            conversation: shortId(email.conversationChange.conversationId),
            when: formatInstant(email.conversationChange.occurredAt, i18n.language),
          })}
        </p>
      ) : null}
      <h4 className="mt-0">{t('emailHistory.pastComments')}</h4>
      {email.comments.length === 0 && <p>{t('emailHistory.noneThen')}</p>}
      <ul className="list-none p-0 flex flex-column gap-2" data-testid="past-comments">
        {email.comments.map((comment) => (
          <li key={comment.id} data-testid="past-comment">
            <strong>{comment.userName ?? comment.userEmail}</strong>{' '}
            <span className="text-sm text-color-secondary">{formatInstant(comment.createdAt, i18n.language)}</span>
            <div>{comment.message}</div>
          </li>
        ))}
      </ul>
      <h4>{t('emailHistory.pastReplies')}</h4>
      {email.replies.length === 0 && <p>{t('emailHistory.noneThen')}</p>}
      <ul className="list-none p-0 flex flex-column gap-2" data-testid="past-replies">
        {email.replies.map((reply) => (
          <li key={reply.id} data-testid="past-reply" data-status={reply.status}>
            <strong>{reply.authorName ?? reply.authorEmail}</strong> ·{' '}
            {reply.scheduledFor
              ? t('emailHistory.pastScheduled', { when: formatInstant(reply.scheduledFor, i18n.language) })
              : reply.status}{' '}
            · {reply.subject}
            <div className="white-space-pre-wrap">{reply.body}</div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
