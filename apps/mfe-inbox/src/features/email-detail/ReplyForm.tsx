import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  useAppDispatch,
  useAppSelector,
  useDeleteReplyDraftMutation,
  useReplyTemplatesQuery,
  useSaveReplyDraftMutation,
} from '@teaminbox/web-store';
import { useSearchParams } from '@teaminbox/ui';
import { notice } from '../../shared/notices';
import { BodyEditor } from '../compose/BodyEditor';
import { selectOpenEmail } from './emailDetailSlice';
import { AttachmentChip, AttachmentPicker } from './AttachmentPicker';
import { useReplyAddresses, useReplyDrafts } from './reply-data';
import { replyContentOf, splitAddresses } from './reply-payload';
import { quotedPreview } from './reply-quote';
import { ReplyReminder } from './ReplyReminder';
import { SendLaterButton } from './SendLaterButton';
import { UndoSendToast } from './UndoSendToast';
import {
  attachmentRemoved,
  attachmentsAdded,
  collisionDismissed,
  draftDeleted,
  draftAttachmentRemoved,
  draftEdited,
  draftSaved,
  forwardAttachmentRemoved,
  forwardSendRequested,
  quoteToggled,
  replyFieldChanged,
  replyModeChosen,
  replyHtmlSwitched,
  replySendRequested,
  selectReply,
  signatureRequested,
  templateChosen,
  type ReplyField,
  type ReplyMode,
} from './replySlice';

const MODES: { mode: ReplyMode; icon: string; label: string }[] = [
  { mode: 'reply', icon: 'pi pi-reply', label: 'emailDetail.replyToSender' },
  { mode: 'replyAll', icon: 'pi pi-users', label: 'emailDetail.replyAll' },
  { mode: 'forward', icon: 'pi pi-share-alt', label: 'emailDetail.forward' },
];

/**
 * The reply form of an email with its drafts: template select, insert signature, to / cc / bcc / subject, a plain body
 * or an HTML one in a rich-text editor, attachments, "Remind me if no answer by" (the person's signature is added when
 * the form opens, once); save draft (the form resets), edit or delete a draft, send (body, attachments and reminder
 * clear). While the user writes, the others see "is replying"; if someone else commented or replied since the reply
 * was started, the server refuses once (409) and a dialog says what arrived, with 'Send anyway'. Reply answers the
 * Reply-To address (else From), reply all copies every other participant; the email is quoted below the answer
 * (collapsed behind '…'). Forward sends the email on with a note and the attachments the user keeps (no Bcc).
 * The drafts and the addresses come from the api cache; a failed save or deletion keeps the form as it was and
 * raises the spec's notice.
 */
export function ReplyForm({ emailId }: { emailId: string }) {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const {
    form,
    formFor,
    attachments,
    draftId,
    draftAttachments,
    templateId,
    collision,
    mode,
    quoteOpen,
    forwardAttachmentIds,
  } = useAppSelector(selectReply);
  // The team's templates: one cache, loaded again when a member changes one (a push).
  const { data: templates = [] } = useReplyTemplatesQuery();
  const drafts = useReplyDrafts(emailId);
  const addresses = useReplyAddresses(emailId);
  const [saveDraft, saving] = useSaveReplyDraftMutation();
  const [deleteDraft] = useDeleteReplyDraftMutation();
  const email = useAppSelector(selectOpenEmail);
  const forwarding = mode === 'forward';
  const forwardFiles = (email?.attachments ?? []).filter((file) => forwardAttachmentIds.includes(file.id));
  // `?draft=<id>` (Edit in the Scheduled list): that draft opens in the form once the form is set up and it is listed.
  const [params] = useSearchParams();
  const draftAsked = params.get('draft');
  const openedDraft = useRef<string | null>(null);
  useEffect(() => {
    if (!draftAsked || openedDraft.current === draftAsked || formFor !== emailId) return;
    const asked = drafts.find((reply) => reply.id === draftAsked);
    if (!asked) return;
    openedDraft.current = draftAsked;
    dispatch(draftEdited(asked));
  }, [draftAsked, drafts, formFor, emailId, dispatch]);
  const change = (field: ReplyField, value: string) => dispatch(replyFieldChanged(field, value));
  const send = (confirmed: boolean) =>
    dispatch(forwarding ? forwardSendRequested() : replySendRequested({ confirmed }));
  const save = async () => {
    const result = await saveDraft({ emailId, draftId, draft: replyContentOf(form) });
    dispatch(result.error ? notice('error', 'emailDetail.replySaveError') : draftSaved());
  };
  const remove = async (replyId: string) => {
    const result = await deleteDraft({ emailId, replyId });
    dispatch(result.error ? notice('error', 'emailDetail.replyDeleteError') : draftDeleted(replyId));
  };

  return (
    <Card title={t(forwarding ? 'emailDetail.forwardTitle' : 'emailDetail.reply')} data-testid="reply-form">
      {email ? (
        <div className="flex flex-wrap gap-2 mb-3" role="group">
          {MODES.map((item) => (
            <Button
              key={item.mode}
              type="button"
              size="small"
              outlined={mode !== item.mode}
              aria-pressed={mode === item.mode}
              icon={item.icon}
              label={t(item.label)}
              onClick={() => dispatch(replyModeChosen({ mode: item.mode, email, addresses }))}
              data-testid={`reply-mode-${item.mode}`}
            />
          ))}
        </div>
      ) : null}
      {drafts.length > 0 && !forwarding ? (
        <ul className="list-none p-0 m-0 mb-3 flex flex-column gap-2" data-testid="drafts">
          {drafts.map((reply) => (
            <li key={reply.id} className="flex align-items-center gap-2" data-testid="draft">
              <span className="flex-1">
                {reply.subject} — {reply.body.slice(0, 80)}
              </span>
              <Button
                type="button"
                size="small"
                text
                label={t('emailDetail.editDraft')}
                onClick={() => dispatch(draftEdited(reply))}
              />
              <Button
                type="button"
                size="small"
                text
                severity="danger"
                label={t('emailDetail.deleteDraft')}
                onClick={() => void remove(reply.id)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-column gap-2">
        <div className={forwarding ? 'hidden' : 'flex flex-wrap align-items-center gap-2'}>
          <Dropdown
            value={templateId}
            options={templates.map((template) => ({ label: template.name, value: template.id }))}
            onChange={(e) => {
              const template = templates.find((item) => item.id === e.value);
              if (template) dispatch(templateChosen(template));
            }}
            placeholder={t('emailDetail.chooseTemplate')}
            aria-label={t('emailDetail.template')}
            emptyMessage={t('emailDetail.noTemplates')}
            data-testid="reply-template"
          />
          <Button
            type="button"
            outlined
            size="small"
            icon="pi pi-pencil"
            label={t('emailDetail.insertSignature')}
            onClick={() => dispatch(signatureRequested())}
            data-testid="reply-insert-signature"
          />
          <span className="flex-1" />
          <label className="flex align-items-center gap-2">
            <InputSwitch
              checked={form.html}
              onChange={(e) => dispatch(replyHtmlSwitched(Boolean(e.value)))}
              data-testid="reply-html-switch"
            />
            {t('emailDetail.htmlBody')}
          </label>
        </div>
        <label className="flex flex-column gap-1">
          {t('emailDetail.to')}
          <InputText value={form.to} onChange={(e) => change('to', e.target.value)} data-testid="reply-to" />
        </label>
        <label className="flex flex-column gap-1">
          {t('emailDetail.cc')}
          <InputText value={form.cc} onChange={(e) => change('cc', e.target.value)} data-testid="reply-cc" />
        </label>
        <label className={forwarding ? 'hidden' : 'flex flex-column gap-1'}>
          {t('emailDetail.bcc')}
          <InputText value={form.bcc} onChange={(e) => change('bcc', e.target.value)} data-testid="reply-bcc" />
        </label>
        <label className="flex flex-column gap-1">
          {t('emailDetail.subject')}
          <InputText
            value={form.subject}
            disabled={forwarding}
            onChange={(e) => change('subject', e.target.value)}
            data-testid="reply-subject"
          />
        </label>
        {forwarding ? (
          <InputTextarea
            value={form.body}
            rows={4}
            onChange={(e) => change('body', e.target.value)}
            aria-label={t('emailDetail.forwardNote')}
            placeholder={t('emailDetail.forwardNote')}
            data-testid="forward-note"
          />
        ) : form.html ? (
          <BodyEditor
            value={form.htmlBody}
            onChange={(html) => change('htmlBody', html)}
            label={t('emailDetail.replyHtmlBody')}
            testId="reply-html-body"
          />
        ) : (
          <InputTextarea
            value={form.body}
            rows={6}
            onChange={(e) => change('body', e.target.value)}
            aria-label={t('emailDetail.replyBody')}
            data-testid="reply-body"
          />
        )}
        {!forwarding && email ? (
          <div className="flex flex-column gap-1">
            <Button
              type="button"
              text
              size="small"
              label="…"
              className="align-self-start"
              aria-expanded={quoteOpen}
              aria-label={t('emailDetail.quoteToggle')}
              title={t('emailDetail.quoteToggle')}
              onClick={() => dispatch(quoteToggled())}
              data-testid="reply-quote-toggle"
            />
            {quoteOpen ? (
              <pre className="m-0 p-2 surface-100 border-round text-sm white-space-pre-wrap" data-testid="reply-quote">
                {quotedPreview(email)}
              </pre>
            ) : null}
          </div>
        ) : null}
        {forwarding ? (
          <div className="flex flex-wrap align-items-center gap-2" data-testid="forward-attachments">
            <span>{t('emailDetail.forwardAttachments')}:</span>
            {forwardFiles.map((file) => (
              <AttachmentChip
                key={file.id}
                name={file.filename}
                size={file.size}
                testId="forward-attachment"
                onRemove={() => dispatch(forwardAttachmentRemoved(file.id))}
              />
            ))}
          </div>
        ) : null}
        {forwarding || draftAttachments.length === 0 ? null : (
          <div className="flex flex-wrap align-items-center gap-2" data-testid="draft-attachments">
            {draftAttachments.map((file) => (
              <AttachmentChip
                key={file.id}
                name={file.fileName}
                size={file.size}
                testId="reply-attachment"
                onRemove={() => dispatch(draftAttachmentRemoved(file.id))}
              />
            ))}
          </div>
        )}
        {forwarding ? null : <ReplyReminder />}
        <AttachmentPicker
          attachments={attachments}
          testIdPrefix="reply"
          className={forwarding ? 'hidden' : undefined}
          onAdd={(files) => dispatch(attachmentsAdded(files))}
          onRemove={(index) => dispatch(attachmentRemoved(index))}
        />
        <div className="flex gap-2">
          <Button
            type="button"
            outlined
            className={forwarding ? 'hidden' : undefined}
            label={t('emailDetail.saveDraft')}
            disabled={saving.isLoading}
            onClick={() => void save()}
            data-testid="reply-save-draft"
          />
          <Button
            type="button"
            icon="pi pi-send"
            label={t('emailDetail.send')}
            disabled={splitAddresses(form.to).length === 0}
            onClick={() => send(false)}
            data-testid="reply-send"
          />
          <SendLaterButton
            disabled={splitAddresses(form.to).length === 0}
            onSchedule={(sendAt) =>
              dispatch(forwarding ? forwardSendRequested(sendAt) : replySendRequested({ confirmed: false, sendAt }))
            }
          />
        </div>
        <UndoSendToast />
      </div>
      <Dialog
        header={t('emailDetail.collisionTitle')}
        visible={collision !== null}
        onHide={() => dispatch(collisionDismissed())}
        data-testid="collision-dialog"
        footer={
          <div className="flex gap-2 justify-content-end">
            <Button type="button" text label={t('emailDetail.cancel')} onClick={() => dispatch(collisionDismissed())} />
            <Button
              type="button"
              label={t('emailDetail.sendAnyway')}
              onClick={() => send(true)}
              data-testid="send-anyway"
            />
          </div>
        }
      >
        <p>
          {t('emailDetail.collisionText', { comments: collision?.comments ?? 0, replies: collision?.replies ?? 0 })}
        </p>
      </Dialog>
    </Card>
  );
}
