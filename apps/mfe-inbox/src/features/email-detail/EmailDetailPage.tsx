import '../../i18n/texts';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import { useShortcuts, useLocation, useNavigate, useParams } from '@teaminbox/ui';
import {
  selectCanWrite,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  useEmailDetailQuery,
  useEmailThreadQuery,
  type ApiFailure,
} from '@teaminbox/web-store';
import type { ThreadMessage } from '@teaminbox/contracts';
import { AssignmentCard } from './AssignmentCard';
import { AttachmentsCard } from './AttachmentsCard';
import { CommentsCard } from './CommentsCard';
import { useDetailComments } from './detail-comments';
import { BackButton, DetailToolbar } from './DetailToolbar';
import { EmailCard } from './EmailCard';
import { commandRequested, detailClosed, detailOpened, selectEmailDetail } from './emailDetailSlice';
import { LabelsCard } from './LabelsCard';
import { PresenceBar } from './PresenceBar';
import { ReplyForm } from './ReplyForm';
import { RulesCard } from './RulesCard';
import { StatusCard } from './StatusCard';
import { ThreadPanel } from './ThreadPanel';
import { TimelineView } from './TimelineView';
import { emailDetailFeature } from './emailDetailFeature';
import { selectEmailHistory } from './emailHistorySlice';
import { HistoryView } from './HistoryView';
import { PastBanner, PastEmailView } from './PastEmailView';
import { usePastEmail } from './past-email';
import { useViewMode } from './view-mode';

const NO_MESSAGES: ThreadMessage[] = [];

/** A past state's cards: shown as they stood, every control in them disabled. */
function Locked({ locked, children }: { locked: boolean; children: ReactNode }) {
  return (
    <fieldset
      disabled={locked}
      aria-disabled={locked || undefined}
      className="border-none p-0 m-0 min-w-0"
      style={locked ? { pointerEvents: 'none' } : undefined}
      data-testid={locked ? 'locked-card' : undefined}
    >
      {children}
    </fieldset>
  );
}

const REPLY_BODY = '[data-testid="reply-body"], [data-testid="reply-html-body"]';

/** Moves the focus to an element of the page (scrolled into view); false when it is not there. */
function focusOn(selector: string): boolean {
  const target = document.querySelector<HTMLElement>(selector);
  if (!target) return false;
  target.scrollIntoView({ block: 'center' });
  target.focus();
  return true;
}

/**
 * /admin/email-detail/{id}: the email (sanitized HTML in a sandboxed frame), its actions, assignment, labels,
 * status and priority, what the automatic rules did to it, attachments, internal comments, the reply form and who
 * is viewing it, live. The email, its thread, timeline, comments, history and rules come from the api cache; the
 * feature's sagas open the email (read mark, presence) and change it; this page lays out the cards.
 * An auditor reads it all without any control that changes it (no reply form, no comment box, no toggles).
 */
export default function EmailDetailPage() {
  const { t } = useTranslation('inbox');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { id = '' } = useParams();
  const detail = useAppSelector(selectEmailDetail);
  const loaded = useEmailDetailQuery(id);
  const { data: thread = NO_MESSAGES } = useEmailThreadQuery(id);
  const viewMode = useViewMode();
  const comments = useDetailComments(id);
  const me = useAppSelector(selectCurrentUser);
  const canWrite = useAppSelector(selectCanWrite);
  const { hash } = useLocation();
  // A 404 wins over what the cache may still hold of the email (it was deleted since).
  const notFound = (loaded.error as Partial<ApiFailure> | undefined)?.status === 404;
  const today = !notFound && loaded.data?.id === id ? loaded.data : null;
  const history = useAppSelector(selectEmailHistory);
  const { asOf, past, missing } = usePastEmail(today?.id ?? null);
  // While a past state is shown (or loading), nothing can be changed: the cards show the past, locked.
  const viewingPast = asOf !== null;
  const email = viewingPast && past ? past : today;
  const historyOpen = today !== null && history.emailId === today.id && history.open;

  // r: reply (the body takes the focus), e: archive or unarchive, #: spam, a: assign to me, l: the label select.
  const focus = (selector: string) => () => focusOn(selector);
  const run = (command: Parameters<typeof commandRequested>[1]) => () => {
    if (!email || viewingPast || !canWrite) return false;
    dispatch(commandRequested(email.id, command));
  };
  useShortcuts({
    reply: canWrite && !viewingPast ? focus(REPLY_BODY) : () => false,
    label: canWrite && !viewingPast ? focus('[data-testid="label-select"] input') : () => false,
    archive: run({ kind: email?.isArchived ? 'unarchive' : 'archive' }),
    spam: run({ kind: email?.isSpam ? 'notSpam' : 'spam' }),
    assignToMe: run({ kind: 'assign', userId: me?.id ?? '', mine: true }),
  });
  // Opened to reply (r in the inbox): the reply body takes the focus once the email is there.
  const ready = Boolean(email);
  useEffect(() => {
    if (ready && hash === '#reply') focusOn(REPLY_BODY);
  }, [ready, hash]);

  useEffect(() => {
    dispatch(detailOpened(id));
    return () => {
      dispatch(detailClosed(id));
    };
  }, [dispatch, id]);

  // The email left the inbox (archive, spam, ...) or could not be loaded: back to the inbox.
  useEffect(() => {
    if (detail.left && detail.id === id) navigate('/admin/inbox');
  }, [detail.left, detail.id, id, navigate]);

  if (!email) {
    if (notFound) {
      return (
        <div className="flex flex-column gap-3">
          <BackButton />
          <p data-testid="email-not-found">{t('emailDetail.notFound')}</p>
        </div>
      );
    }
    return <p>{t('emailDetail.loading')}</p>;
  }

  return (
    <div className="flex flex-column gap-3" data-testid="email-detail">
      <DetailToolbar email={email} readOnly={viewingPast} />
      {canWrite ? null : <Message severity="info" text={t('auditor.readOnlyNotice')} data-testid="read-only-notice" />}
      {asOf !== null && <PastBanner asOf={past?.asOf ?? asOf} />}
      <PresenceBar emailId={email.id} />
      <EmailCard email={email} />
      {historyOpen ? (
        <HistoryView emailId={email.id} pastMissing={missing} />
      ) : viewMode === 'timeline' ? (
        <TimelineView emailId={email.id} thread={thread} comments={comments} />
      ) : (
        <ThreadPanel emailId={email.id} thread={thread} />
      )}
      {past && viewingPast && <PastEmailView email={past} />}
      <AttachmentsCard email={email} />
      <div className="grid-cards">
        <div>
          <Locked locked={viewingPast}>
            <AssignmentCard email={email} />
          </Locked>
        </div>
        <div>
          <Locked locked={viewingPast}>
            <LabelsCard email={email} />
          </Locked>
        </div>
        <div>
          <Locked locked={viewingPast}>
            <StatusCard email={email} />
          </Locked>
        </div>
      </div>
      {!viewingPast && (
        <>
          <RulesCard key={`rules-${email.id}`} emailId={email.id} />
          <CommentsCard key={`comments-${email.id}`} emailId={email.id} />
          {canWrite ? <ReplyForm emailId={email.id} /> : null}
        </>
      )}
    </div>
  );
}

/** Injected by the shell with this page (see RemoteRoute). */
export const features = [emailDetailFeature];
