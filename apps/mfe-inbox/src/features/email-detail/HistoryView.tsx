import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import type { EmailHistoryActor, EmailHistoryEntry } from '@teaminbox/contracts';
import { PersonAvatar } from '@teaminbox/ui';
import { useAppDispatch, useAppSelector, useEmailHistoryQuery, usePersonPhotos } from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { asOfChosen, backToNow, selectEmailHistory } from './emailHistorySlice';

/** Ids are UUID v7 (their first characters are a timestamp, alike within a minute): the end tells them apart. */
const SHORT_ID = 8;
export const shortId = (id: string) => (id.length > SHORT_ID ? `…${id.slice(-SHORT_ID)}` : id);

/** A date and time in the reader's language, seconds included (an audit needs them). */
export const formatInstant = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'medium' });

function useActorName() {
  const { t } = useTranslation('inbox');
  return (actor: EmailHistoryActor): string => {
    if (actor.kind === 'user') return actor.name ?? actor.email ?? actor.userId;
    if (actor.kind === 'rule') return t('emailHistory.rule', { name: actor.ruleName });
    return t(`emailHistory.${actor.source === 'mail-server' ? 'mailServer' : actor.source}`);
  };
}

/** The events of a message's sending. */
const COMPOSED_SENDING = new Set([
  'ReplyQueued',
  'ReplySendingStarted',
  'ReplySendCancelled',
  'ReplySent',
  'ReplyFailed',
]);

/**
 * Whose words an entry takes: the sending of a forward or of the message that started the conversation reads as that
 * message's, not as a reply's (a Compose recorded before its sending carried a kind has the email's own id).
 */
function groupOf(entry: EmailHistoryEntry, emailId: string): 'entry' | 'composed' | 'forward' {
  if (!COMPOSED_SENDING.has(entry.type)) return 'entry';
  if (entry.change.sendKind === 'forward') return 'forward';
  if (entry.change.sendKind === 'compose' || entry.change.replyId === emailId) return 'composed';
  return 'entry';
}

/**
 * Which words an entry takes beside its type's: a message sent for later and its cancellation read as scheduled; a
 * split of another email of the conversation is not this email's.
 */
function variantOf(entry: EmailHistoryEntry, emailId: string): '' | 'Scheduled' | 'Other' {
  const { change } = entry;
  if ((entry.type === 'ReplyQueued' || entry.type === 'ReplySendCancelled') && change.scheduledFor) return 'Scheduled';
  if (entry.type === 'EmailSplitFromConversation' && change.emailIds?.length && change.emailIds[0] !== emailId) {
    return 'Other';
  }
  return '';
}

/** What an entry changed, in the reader's language (a type without words shows as it is). */
function useChangeText(emailId: string) {
  const { t, i18n } = useTranslation('inbox');
  return (entry: EmailHistoryEntry): string => {
    const key = `emailHistory.${groupOf(entry, emailId)}.${entry.type}${variantOf(entry, emailId)}`;
    if (!i18n.exists(key, { ns: 'inbox' })) return entry.type;
    const { change } = entry;
    const word = (value: string | null | undefined, name?: string | null, kind?: 'statuses' | 'priorities') => {
      if (!value) return t('emailHistory.nobody');
      if (name) return name;
      return kind ? t(`emailDetail.${kind}.${value}`, { defaultValue: value }) : value;
    };
    const kind =
      entry.type === 'EmailStatusChanged'
        ? 'statuses'
        : entry.type === 'EmailPriorityChanged'
          ? 'priorities'
          : undefined;
    return t(key, {
      from: word(change.from, change.fromName, kind),
      to: word(change.to, change.toName, kind),
      label: change.labelName ?? change.labelId ?? '',
      rule: change.ruleName ?? '',
      message: change.message ?? '',
      subject: change.subject ?? '',
      sender: change.sender ?? '',
      error: change.error ?? '',
      action: change.action ?? '',
      conversation: change.conversationId ? shortId(change.conversationId) : '',
      until: change.until ? new Date(change.until).toLocaleString(i18n.language) : '',
      scheduledFor: change.scheduledFor ? new Date(change.scheduledFor).toLocaleString(i18n.language) : '',
      reason: change.reason ? t(`emailHistory.wakeReasons.${change.reason}`, { defaultValue: change.reason }) : '',
      interpolation: { escapeValue: false },
    });
  };
}

const NO_ENTRIES: EmailHistoryEntry[] = [];

/**
 * The History view of the email: the "as of" control (a date and time) and every event of the email, oldest
 * first, with who did it, when, what changed and the correlation id of the request or rule that caused it. The events
 * load when the view opens and again on every push that changes the email (the api cache's `EmailHistory` tag); a
 * first load that fails says so, a refresh that fails keeps what the view shows. `pastMissing`: the instant chosen is
 * before the email existed.
 */
export function HistoryView({ emailId, pastMissing }: { emailId: string; pastMissing: boolean }) {
  const { t, i18n } = useTranslation('inbox');
  const photoOf = usePersonPhotos();
  const dispatch = useAppDispatch();
  const history = useAppSelector(selectEmailHistory);
  const events = useEmailHistoryQuery(emailId, { refetchOnMountOrArgChange: true });
  const entries = events.currentData ?? NO_ENTRIES;
  const failedFirst = events.isError && !events.currentData;
  useEffect(() => {
    if (failedFirst) dispatch(notice('error', 'emailHistory.loadError'));
  }, [failedFirst, events.requestId, dispatch]);
  const [when, setWhen] = useState<Date | null>(history.asOf ? new Date(history.asOf) : null);
  const actorName = useActorName();
  const changeText = useChangeText(emailId);

  return (
    <Card title={t('emailHistory.heading')} data-testid="history-view">
      <div className="flex flex-wrap align-items-end gap-2 mb-3">
        <div className="flex flex-column gap-1">
          <label htmlFor="history-as-of">{t('emailHistory.asOfLabel')}</label>
          <Calendar
            inputId="history-as-of"
            value={when}
            onChange={(e) => setWhen((e.value as Date | null | undefined) ?? null)}
            showTime
            showSeconds
            hourFormat="24"
            showIcon
            placeholder={t('emailHistory.asOfPlaceholder')}
            data-testid="history-as-of"
          />
        </div>
        <Button
          type="button"
          icon="pi pi-history"
          label={t('emailHistory.show')}
          disabled={!when}
          onClick={() => when && dispatch(asOfChosen({ emailId, asOf: when.toISOString() }))}
          data-testid="history-as-of-show"
        />
        {history.asOf && (
          <Button
            type="button"
            outlined
            label={t('emailHistory.backToNow')}
            onClick={() => dispatch(backToNow())}
            data-testid="history-back-to-now-inline"
          />
        )}
      </div>
      {pastMissing && (
        <Message severity="warn" text={t('emailHistory.notYet')} className="mb-3" data-testid="history-not-yet" />
      )}
      {events.isFetching && !events.currentData && <p>{t('emailHistory.loading')}</p>}
      {events.isSuccess && entries.length === 0 && <p>{t('emailHistory.empty')}</p>}
      <ol className="list-none p-0 m-0 flex flex-column gap-2" data-testid="history-entries">
        {entries.map((entry) => {
          const name = actorName(entry.actor);
          const user = entry.actor.kind === 'user' ? entry.actor : null;
          return (
            <li
              key={entry.id}
              className="flex align-items-start gap-2 border-bottom-1 surface-border pb-2"
              data-testid="history-entry"
              data-type={entry.type}
            >
              {user ? (
                <PersonAvatar
                  photo={photoOf(user.userId, user.email)}
                  userId={user.userId}
                  email={user.email}
                  name={user.name}
                  size={32}
                />
              ) : (
                <span className="p-avatar p-avatar-circle" aria-hidden style={{ width: 32, height: 32 }}>
                  <i className={entry.actor.kind === 'rule' ? 'pi pi-bolt' : 'pi pi-server'} />
                </span>
              )}
              <div className="flex-1 flex flex-column gap-1">
                <div className="flex flex-wrap gap-2 align-items-baseline">
                  <strong data-testid="history-actor">{name}</strong>
                  <time dateTime={entry.occurredAt} className="text-sm text-color-secondary">
                    {formatInstant(entry.occurredAt, i18n.language)}
                  </time>
                </div>
                <span data-testid="history-change">{changeText(entry)}</span>
                <span className="text-xs text-color-secondary">
                  {t('emailHistory.correlation')}:{' '}
                  <code
                    title={t('emailHistory.correlationTitle', { id: entry.correlationId })}
                    data-testid="history-correlation"
                    data-full={entry.correlationId}
                  >
                    {shortId(entry.correlationId)}
                  </code>
                </span>
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
