import { useTranslation } from 'react-i18next';
import { Avatar } from 'primereact/avatar';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import type { Comment, EmailAction, Reply, ThreadMessage } from '@teaminbox/contracts';
import { useEmailActionsQuery, useEmailRepliesQuery } from '@teaminbox/web-store';
import {
  actionActor,
  buildTimeline,
  describeAction,
  ruleOf,
  type TimelineEvent,
  type TimelineType,
} from './thread-timeline';
import { PersonAvatar } from '@teaminbox/ui';
import { usePersonPhotos } from '@teaminbox/web-store';

const NO_REPLIES: Reply[] = [];
const NO_ACTIONS: EmailAction[] = [];

const SEVERITY: Record<TimelineType, 'info' | 'success' | 'warning' | 'secondary' | 'contrast'> = {
  incoming: 'info',
  outgoing: 'success',
  reply: 'success',
  composed: 'success',
  comment: 'warning',
  status: 'secondary',
};

/**
 * The timeline view: incoming and outgoing mail, replies, the message a member composed, internal comments and
 * status changes of the email's conversation in one list, oldest first, each with its author, subject and preview.
 * The replies are the reply form's cache of them and the status changes the email's action log (a list that cannot
 * be loaded shows nothing).
 */
export function TimelineView({
  emailId,
  thread,
  comments,
}: {
  emailId: string;
  thread: ThreadMessage[];
  comments: Comment[];
}) {
  const { t } = useTranslation('inbox');
  const { data: replies = NO_REPLIES } = useEmailRepliesQuery(emailId);
  const { data: actions = NO_ACTIONS } = useEmailActionsQuery(emailId);
  const photoOf = usePersonPhotos();
  const events = buildTimeline(
    thread,
    replies,
    comments,
    actions,
    (action) => describeAction(t, action),
    (action) => actionActor(t, action),
  );
  // An action a rule took shows a rule's icon instead of initials.
  const byRule = (event: TimelineEvent) => event.type === 'status' && ruleOf(event.payload as EmailAction) !== null;
  return (
    <Card title={t('emailDetail.viewTimeline')} data-testid="timeline">
      <ol className="list-none p-0 m-0 flex flex-column gap-3">
        {events.map((event) => (
          <li
            key={`${event.type}-${event.id}`}
            className="flex gap-2"
            data-testid="timeline-event"
            data-type={event.type}
          >
            {byRule(event) ? (
              <Avatar icon="pi pi-bolt" shape="circle" aria-hidden />
            ) : (
              <PersonAvatar
                photo={photoOf(event.userId, event.email)}
                userId={event.userId}
                email={event.email}
                name={event.author}
              />
            )}
            <div className="flex-1">
              <div className="flex flex-wrap align-items-center gap-2">
                <Tag severity={SEVERITY[event.type]} value={t(`emailDetail.timelineType.${event.type}`)} />
                <strong>{event.author}</strong>
                <span className="text-color-secondary">{new Date(event.timestamp).toLocaleString()}</span>
              </div>
              {event.subject ? <div className="font-semibold">{event.subject}</div> : null}
              {event.preview ? (
                <div className="text-color-secondary" style={{ whiteSpace: 'pre-wrap' }}>
                  {event.preview}
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
