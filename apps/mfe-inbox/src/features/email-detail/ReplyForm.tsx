import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { attachmentsFit, readAsBase64, REPLY_ATTACHMENTS_MAX_MB } from './reply-attachments';
import { splitAddresses } from './replySaga';
import {
  attachmentRemoved,
  attachmentsAdded,
  collisionDismissed,
  draftDeleteRequested,
  draftEdited,
  draftSaveRequested,
  replyFieldChanged,
  replyHtmlSwitched,
  replySendRequested,
  selectReply,
  signatureRequested,
  templateChosen,
  type ReplyField,
} from './replySlice';

/**
 * The reply form with its drafts: template select, insert signature, to / cc / subject, a plain or HTML body,
 * attachments; save draft (the form resets), edit or delete a draft, send (body and attachments clear). While
 * the user writes, the others see "is replying"; if someone else commented or replied since the reply was
 * started, the server refuses once (409) and a dialog says what arrived, with 'Send anyway'.
 */
export function ReplyForm() {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const { form, attachments, drafts, templates, templateId, collision } = useAppSelector(selectReply);
  const fileInput = useRef<HTMLInputElement>(null);
  const change = (field: ReplyField, value: string) => dispatch(replyFieldChanged(field, value));
  const send = (confirmed: boolean) => dispatch(replySendRequested({ confirmed }));

  /** Files are read here (they never enter the store); too many or too large ones are refused. */
  const addFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = [...files];
    if (
      !attachmentsFit(
        attachments.map((file) => file.size),
        chosen.map((file) => file.size),
      )
    ) {
      dispatch(notice('error', 'emailDetail.attachmentTooLarge', { max: String(REPLY_ATTACHMENTS_MAX_MB) }));
      return;
    }
    try {
      const read = await Promise.all(
        chosen.map(async (file) => ({
          fileName: file.name,
          contentType: file.type || 'application/octet-stream',
          base64Content: await readAsBase64(file),
          size: file.size,
        })),
      );
      dispatch(attachmentsAdded(read));
    } catch {
      dispatch(notice('error', 'emailDetail.fileReadError'));
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Card title={t('emailDetail.reply')} data-testid="reply-form">
      {drafts.length > 0 ? (
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
                onClick={() => dispatch(draftDeleteRequested(reply.id))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-column gap-2">
        <div className="flex flex-wrap align-items-center gap-2">
          <Dropdown
            value={templateId}
            options={templates.map((template) => ({ label: template.name, value: template.id }))}
            onChange={(e) => dispatch(templateChosen(e.value as string))}
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
        <label className="flex flex-column gap-1">
          {t('emailDetail.subject')}
          <InputText
            value={form.subject}
            onChange={(e) => change('subject', e.target.value)}
            data-testid="reply-subject"
          />
        </label>
        {form.html ? (
          <InputTextarea
            value={form.htmlBody}
            rows={8}
            onChange={(e) => change('htmlBody', e.target.value)}
            aria-label={t('emailDetail.replyHtmlBody')}
            className="font-monospace"
            data-testid="reply-html-body"
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
        <div className="flex flex-wrap align-items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            onChange={(e) => void addFiles(e.target.files)}
            data-testid="reply-file-input"
          />
          <Button
            type="button"
            text
            size="small"
            icon="pi pi-paperclip"
            label={t('emailDetail.attachFiles')}
            onClick={() => fileInput.current?.click()}
          />
          {attachments.map((attachment, index) => (
            <span
              key={`${attachment.fileName}-${index}`}
              className="flex align-items-center gap-1"
              data-testid="reply-attachment"
            >
              {attachment.fileName} ({attachment.size} B)
              <Button
                type="button"
                text
                rounded
                size="small"
                icon="pi pi-times"
                aria-label={t('emailDetail.removeAttachment', { name: attachment.fileName })}
                onClick={() => dispatch(attachmentRemoved(index))}
              />
            </span>
          ))}
        </div>
        <div className="flex gap-2">
          <Button
            type="button"
            outlined
            label={t('emailDetail.saveDraft')}
            onClick={() => dispatch(draftSaveRequested())}
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
        </div>
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
