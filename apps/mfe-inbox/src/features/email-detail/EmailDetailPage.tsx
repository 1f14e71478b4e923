import { type HTMLAttributes, type SVGProps, useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Chip } from 'primereact/chip';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import type {
  Comment,
  DetailViewMode,
  EmailAction,
  EmailAttachment,
  EmailDetail,
  Label,
  Reply,
  TeamMember,
  ThreadMessage,
} from '@teaminbox/contracts';
import { api, ApiError, inboxApi } from '@teaminbox/api-client';
import { noticeRaised, selectCurrentUser, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { EmailBody, EmailMeta } from '../../shared/EmailParts';
import { CommentsCard } from './CommentsCard';
import { ReplyForm } from './ReplyForm';
import { ThreadPanel } from './ThreadPanel';
import { TimelineView } from './TimelineView';
import { selectTeamRevisions } from '../../shared/teamRevisions';
import { selectEmailDetailLive } from './emailDetailSlice';
import { useDetailViewMode } from './useDetailViewMode';

const SUCCESS_MS = 2000;
const ERROR_MS = 3000;
const HEARTBEAT_MS = 30_000;

type Loaded = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; email: EmailDetail };

async function fetchDetail(id: string): Promise<Loaded | 'failed'> {
  try {
    return { state: 'ready', email: await inboxApi.getEmail(id) };
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? { state: 'missing' } : 'failed';
  }
}

const isImage = (attachment: EmailAttachment) => /^image\/(png|jpe?g|gif|webp)$/i.test(attachment.contentType);

/**
 * /admin/email-detail/{id}: the email (sanitized HTML in a sandboxed frame), its actions, assignment, labels,
 * attachments, internal comments and who is viewing it, live.
 */
export default function EmailDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { id = '' } = useParams();
  const me = useAppSelector(selectCurrentUser);
  const live = useAppSelector(selectEmailDetailLive);
  const labelsRevision = useAppSelector(selectTeamRevisions).labels;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [members, setMembers] = useState<TeamMember[]>([]);
  const [labels, setLabels] = useState<Label[]>([]);
  const [comments, setComments] = useState<Comment[]>([]);
  const [thread, setThread] = useState<ThreadMessage[]>([]);
  const [replies, setReplies] = useState<Reply[]>([]);
  const [actions, setActions] = useState<EmailAction[]>([]);
  const [viewMode, setViewMode] = useDetailViewMode();
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const [chosenMember, setChosenMember] = useState<string | null>(null);
  const [remoteImagesFor, setRemoteImagesFor] = useState<string | null>(null);
  const remoteImages = remoteImagesFor === id;
  const [lightbox, setLightbox] = useState<{ name: string; url: string } | null>(null);

  const notify = useCallback(
    (severity: 'success' | 'error' | 'info', key: string, values?: Record<string, string>) =>
      dispatch(
        noticeRaised({
          severity,
          key: `emailDetail.${key}`,
          values,
          lifeMs: severity === 'error' ? ERROR_MS : SUCCESS_MS,
        }),
      ),
    [dispatch],
  );

  /** Loads the email; a 404 shows the not-found message, any other failure returns to the inbox. */
  const applyLoad = useCallback(
    (result: Loaded | 'failed') => {
      if (result !== 'failed') return setLoaded(result);
      notify('error', 'loadError');
      navigate('/admin/inbox');
    },
    [navigate, notify],
  );
  const load = useCallback(() => fetchDetail(id).then(applyLoad), [id, applyLoad]);
  const loadComments = useCallback(() => inboxApi.listComments(id).then(setComments, () => setComments([])), [id]);

  // Open: load, mark read, join presence (with a heartbeat), and leave on the way out.
  useEffect(() => {
    let active = true;
    fetchDetail(id).then((result) => {
      if (!active) return;
      applyLoad(result);
      if (result === 'failed' || result.state !== 'ready') return;
      if (!result.email.read) void inboxApi.markRead(id).catch(() => undefined);
      void inboxApi.joinPresence(id).catch(() => undefined);
    });
    inboxApi.listComments(id).then(
      (list) => active && setComments(list),
      () => active && setComments([]),
    );
    api.getTeamMembers().then(setMembers, () => setMembers([]));
    inboxApi.listLabels().then(setLabels, () => setLabels([]));
    const heartbeat = setInterval(() => void inboxApi.joinPresence(id).catch(() => undefined), HEARTBEAT_MS);
    return () => {
      active = false;
      clearInterval(heartbeat);
      void inboxApi.leavePresence(id).catch(() => undefined);
    };
  }, [id, applyLoad]);

  // Changes pushed by others reload what they touched.
  const revision = live.revisions[id] ?? 0;
  const commentRevision = live.commentRevisions[id] ?? 0;
  const replyRevision = live.replyRevisions[id] ?? 0;
  useEffect(() => {
    if (revision > 0) fetchDetail(id).then(applyLoad);
  }, [revision, id, applyLoad]);
  useEffect(() => {
    if (commentRevision > 0) inboxApi.listComments(id).then(setComments, () => setComments([]));
  }, [commentRevision, id]);
  // A label a member created, changed or deleted: the label select and chips follow.
  useEffect(() => {
    if (labelsRevision > 0) inboxApi.listLabels().then(setLabels, () => setLabels([]));
  }, [labelsRevision]);
  // The thread (both views) and, for the timeline, the replies and the action log; failures leave them empty.
  const [historyRevision, setHistoryRevision] = useState(0);
  useEffect(() => {
    let active = true;
    const keep =
      <T,>(set: (value: T[]) => void) =>
      (value: T[]) =>
        active && set(value);
    const empty =
      <T,>(set: (value: T[]) => void) =>
      () =>
        active && set([]);
    inboxApi.getThread(id).then(keep(setThread), empty(setThread));
    if (viewMode === 'timeline') {
      inboxApi.listReplies(id).then(keep(setReplies), empty(setReplies));
      inboxApi.listActions(id).then(keep(setActions), empty(setActions));
    }
    return () => {
      active = false;
    };
  }, [id, viewMode, revision, commentRevision, replyRevision, historyRevision]);

  const presence = live.presence[id];
  const others = (presence?.viewers ?? []).filter((viewer) => viewer.userId !== me?.id);

  if (loaded.state === 'loading') return <p>{t('emailDetail.loading')}</p>;
  if (loaded.state === 'missing') {
    return (
      <div className="flex flex-column gap-3">
        <BackButton />
        <p data-testid="email-not-found">{t('emailDetail.notFound')}</p>
      </div>
    );
  }
  const email = loaded.email;

  async function run<T>(call: () => Promise<T>, errorKey: string, after?: (result: T) => void) {
    try {
      const result = await call();
      after?.(result);
      await load();
    } catch {
      notify('error', errorKey);
    }
  }

  const leaveFor = (call: () => Promise<unknown>, errorKey: string) =>
    run(call, errorKey, () => navigate('/admin/inbox'));

  const assignTo = async (userId: string, mine: boolean) => {
    if (mine && !me?.id) return notify('error', 'notAuthenticated');
    await run(
      () => inboxApi.assign(email.id, userId),
      'assignError',
      () => notify('success', mine ? 'assignedToYou' : 'assignedOk'),
    );
  };

  const addLabel = async () => {
    const label = labels.find((l) => l.id === chosenLabel);
    if (!label) return;
    await run(
      () => inboxApi.addLabelToEmail(email.id, label),
      'labelAddError',
      () => {
        notify('success', 'labelAssigned', { name: label.name });
        setChosenLabel(null);
      },
    );
  };

  const download = async (attachment: EmailAttachment, preview: boolean) => {
    if (!attachment.id) return notify('error', 'attachmentUnavailable');
    if (!preview) notify('info', 'downloading');
    try {
      const blob = await inboxApi.downloadAttachment(attachment.id);
      const url = URL.createObjectURL(blob);
      if (preview) return setLightbox({ name: attachment.filename, url });
      const link = document.createElement('a');
      link.href = url;
      link.download = attachment.filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      notify('error', preview ? 'attachmentLoadError' : 'downloadError');
    }
  };

  const nameOf = (userId: string | null) => {
    const member = members.find((m) => m.id === userId);
    return member ? member.name || member.email : (email.assignedToName ?? '');
  };
  const emailLabels = labels.filter((label) => email.labels.includes(label.id));
  // Parts shown inside the body are not listed as attachments.
  const attachments = email.attachments.filter((attachment) => !attachment.inline);

  return (
    <div className="flex flex-column gap-3" data-testid="email-detail">
      <div className="flex flex-wrap align-items-center gap-2">
        <BackButton />
        <SelectButton
          value={viewMode}
          allowEmpty={false}
          onChange={(e) => setViewMode(e.value as DetailViewMode)}
          options={[
            { value: 'classic', label: t('emailDetail.viewClassic') },
            { value: 'timeline', label: t('emailDetail.viewTimeline') },
          ]}
          data-testid="view-mode"
        />
        <span className="flex-1" />
        <Button
          type="button"
          size="small"
          outlined
          icon={email.muted ? 'pi pi-bell' : 'pi pi-bell-slash'}
          label={email.muted ? t('emailDetail.unmute') : t('emailDetail.mute')}
          onClick={() => run(() => (email.muted ? inboxApi.unmute(email.id) : inboxApi.mute(email.id)), 'muteError')}
          data-testid="mute-toggle"
        />
        <Button
          type="button"
          size="small"
          outlined
          icon="pi pi-inbox"
          label={email.isArchived ? t('emailDetail.unarchive') : t('emailDetail.archive')}
          onClick={() =>
            email.isArchived
              ? leaveFor(() => inboxApi.unarchive(email.id), 'unarchiveError')
              : leaveFor(() => inboxApi.archive(email.id), 'archiveError')
          }
          data-testid="archive-toggle"
        />
        <Button
          type="button"
          size="small"
          outlined
          severity="danger"
          icon="pi pi-ban"
          label={email.isSpam ? t('emailDetail.notSpam') : t('emailDetail.spam')}
          onClick={() =>
            email.isSpam
              ? leaveFor(() => inboxApi.notSpam(email.id), 'notSpamError')
              : leaveFor(() => inboxApi.spam(email.id), 'spamError')
          }
          data-testid="spam-toggle"
        />
      </div>

      {others.length > 0 ? (
        <div className="flex flex-wrap align-items-center gap-2" data-testid="presence">
          <span>{t('emailDetail.watching')}</span>
          {others.map((viewer) => (
            <Chip key={viewer.userId} label={viewer.name || viewer.email} data-testid="presence-viewer" />
          ))}
          {others
            .filter((viewer) => viewer.replying)
            .map((viewer) => (
              <em key={`r-${viewer.userId}`}>{t('emailDetail.replying', { name: viewer.name || viewer.email })}</em>
            ))}
        </div>
      ) : null}

      <Card
        title={<span data-testid="email-detail-subject">{email.subject}</span>}
        subTitle={`${email.fromName || t('inbox.unknownSender')} <${email.fromEmail}>`}
      >
        <EmailMeta email={email} ns="emailDetail" hideEmptyCc testId="email-meta" />
        {email.htmlBody && email.remoteImages > 0 && !remoteImages ? (
          <div className="flex align-items-center gap-2 mb-2" data-testid="remote-images-bar">
            <span>{t('emailDetail.remoteBlocked', { count: email.remoteImages })}</span>
            <Button
              type="button"
              size="small"
              text
              label={t('emailDetail.showImages')}
              onClick={() => setRemoteImagesFor(id)}
            />
          </div>
        ) : null}
        <EmailBody email={email} allowRemoteImages={remoteImages} height="60vh" testId="email-body" />
      </Card>

      {viewMode === 'timeline' ? (
        <TimelineView thread={thread} replies={replies} comments={comments} actions={actions} />
      ) : (
        <ThreadPanel emailId={email.id} thread={thread} />
      )}

      {attachments.length > 0 ? (
        <Card title={t('emailDetail.attachments')}>
          <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid="attachments">
            {attachments.map((attachment) => (
              <li key={attachment.id} className="flex align-items-center gap-2" data-testid="attachment">
                <span data-testid="attachment-name">
                  {attachment.filename} ({attachment.size} B)
                </span>
                <Button
                  type="button"
                  size="small"
                  text
                  label={t('emailDetail.download')}
                  onClick={() => download(attachment, false)}
                  data-testid="attachment-download"
                />
                {isImage(attachment) ? (
                  <Button
                    type="button"
                    size="small"
                    text
                    label={t('emailDetail.preview')}
                    onClick={() => download(attachment, true)}
                    data-testid="attachment-preview"
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Dialog
        header={lightbox?.name}
        visible={lightbox !== null}
        dismissableMask
        closeOnEscape
        ariaCloseIconLabel={t('emailDetail.close')}
        pt={{ closeButton: { 'data-testid': 'lightbox-close' } as HTMLAttributes<HTMLButtonElement> }}
        onHide={() => {
          if (lightbox) URL.revokeObjectURL(lightbox.url);
          setLightbox(null);
        }}
        data-testid="lightbox"
      >
        {lightbox ? (
          <img
            src={lightbox.url}
            alt={lightbox.name}
            style={{ maxWidth: '80vw', maxHeight: '75vh' }}
            data-testid="lightbox-image"
          />
        ) : null}
      </Dialog>

      <div className="grid-cards">
        <div>
          <Card title={t('emailDetail.assignment')}>
            <p data-testid="assignee">
              {email.assignedTo
                ? t('emailDetail.assignedTo', { name: nameOf(email.assignedTo) })
                : t('emailDetail.notAssigned')}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="small"
                label={t('emailDetail.assignToMe')}
                onClick={() => assignTo(me?.id ?? '', true)}
              />
              <Button
                type="button"
                size="small"
                outlined
                label={t('emailDetail.unassign')}
                disabled={!email.assignedTo}
                onClick={() =>
                  run(
                    () => inboxApi.assign(email.id, ''),
                    'unassignError',
                    () => notify('success', 'unassigned'),
                  )
                }
              />
              <Button
                type="button"
                size="small"
                outlined
                label={t('emailDetail.markUnread')}
                onClick={() => run(() => inboxApi.markUnread(email.id), 'unreadError')}
              />
            </div>
            <div className="flex gap-2 mt-2">
              <Dropdown
                value={chosenMember}
                options={members.map((m) => ({ label: m.name ? `${m.name} <${m.email}>` : m.email, value: m.id }))}
                onChange={(e) => setChosenMember(e.value as string)}
                placeholder={t('emailDetail.chooseMember')}
                aria-label={t('emailDetail.chooseMember')}
                data-testid="member-select"
              />
              <Button
                type="button"
                size="small"
                label={t('emailDetail.assign')}
                disabled={!chosenMember}
                onClick={() => chosenMember && assignTo(chosenMember, chosenMember === me?.id)}
              />
            </div>
          </Card>
        </div>
        <div>
          <Card title={t('emailDetail.labels')}>
            <div className="flex flex-wrap gap-2 mb-2" data-testid="email-labels">
              {emailLabels.map((label) => (
                <Chip
                  key={label.id}
                  label={label.name}
                  removable
                  // The chip stays until the reloaded email no longer has the label: a failed removal keeps it.
                  onRemove={() => {
                    void run(() => inboxApi.removeLabelFromEmail(email.id, label.id), 'labelRemoveError');
                    return false;
                  }}
                  pt={{
                    removeIcon: {
                      'aria-label': t('emailDetail.removeLabel', { name: label.name }),
                      'data-testid': 'email-label-remove',
                    } as SVGProps<SVGSVGElement>,
                  }}
                  data-testid="email-label"
                />
              ))}
            </div>
            <div className="flex gap-2">
              <Dropdown
                value={chosenLabel}
                options={labels.map((l) => ({ label: l.name, value: l.id, disabled: email.labels.includes(l.id) }))}
                onChange={(e) => setChosenLabel(e.value as string)}
                placeholder={t('emailDetail.chooseLabel')}
                aria-label={t('emailDetail.chooseLabel')}
                // A label already on the email is disabled, for assistive technology too.
                pt={{ item: (options) => ({ 'aria-disabled': options?.context.disabled ?? false }) }}
                data-testid="label-select"
              />
              <Button
                type="button"
                size="small"
                label={t('emailDetail.addLabel')}
                disabled={!chosenLabel}
                onClick={addLabel}
              />
            </div>
          </Card>
        </div>
      </div>

      <CommentsCard
        emailId={email.id}
        comments={comments}
        members={members}
        myEmail={me?.email}
        reload={loadComments}
        notifyError={(key) => notify('error', key)}
      />

      <ReplyForm
        email={email}
        onSent={() => {
          void load();
          setHistoryRevision((value) => value + 1);
        }}
      />
    </div>
  );
}

function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      text
      icon="pi pi-arrow-left"
      label={t('emailDetail.back')}
      onClick={() => navigate('/admin/inbox')}
    />
  );
}
