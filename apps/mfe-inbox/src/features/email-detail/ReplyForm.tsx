import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  type EmailDetail,
  type Reply,
  type ReplyCollision,
  type ReplyTemplate,
  type TReplyAttachment,
} from '@teaminbox/contracts';
import { ApiError, inboxApi, personalApi } from '@teaminbox/api-client';
import { noticeRaised, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { selectTeamRevisions } from '../../shared/teamRevisions';
import { htmlToText, textToHtml } from './html-text';
import { attachmentsFit, readAsBase64, REPLY_ATTACHMENTS_MAX_MB } from './reply-attachments';

const SUCCESS_MS = 2000;
const ERROR_MS = 3000;
type Attachment = TReplyAttachment & { size: number };

/** To and cc are comma-separated: trimmed, empties dropped (spec section 5). */
export const splitAddresses = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const replySubject = (subject: string) => (/^re:/i.test(subject.trim()) ? subject : `Re: ${subject}`);

/**
 * The reply form with its drafts: template select, insert signature, to / cc / subject, a plain or HTML body,
 * attachments; save draft (the form resets), edit or delete a draft, send (body and attachments clear). While
 * the user writes, the others see "is replying"; if someone else commented or replied since the reply was
 * started, the server refuses once (409) and a dialog says what arrived, with 'Send anyway'.
 */
export function ReplyForm({ email, onSent }: { email: EmailDetail; onSent: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const blank = () => ({
    to: email.fromEmail,
    cc: '',
    subject: replySubject(email.subject),
    body: '',
    htmlBody: '',
    html: false,
  });
  const [form, setForm] = useState(blank);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [draftId, setDraftId] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Reply[]>([]);
  const [templates, setTemplates] = useState<ReplyTemplate[]>([]);
  const templatesRevision = useAppSelector(selectTeamRevisions).templates;
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [signature, setSignature] = useState('');
  const [collision, setCollision] = useState<ReplyCollision['collision'] | null>(null);
  const startedAt = useRef<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const notify = (severity: 'success' | 'error', key: string, values?: Record<string, string | number>) =>
    dispatch(
      noticeRaised({
        severity,
        key: `emailDetail.${key}`,
        values: values as Record<string, string> | undefined,
        lifeMs: severity === 'error' ? ERROR_MS : SUCCESS_MS,
      }),
    );

  const loadDrafts = () =>
    inboxApi.listReplies(email.id).then(
      (replies) => setDrafts(replies.filter((reply) => reply.status === 'DRAFT')),
      () => setDrafts([]),
    );
  useEffect(() => {
    inboxApi.listReplies(email.id).then(
      (replies) => setDrafts(replies.filter((reply) => reply.status === 'DRAFT')),
      () => setDrafts([]),
    );
  }, [email.id]);
  // Templates (again whenever a member saves or deletes one) and the signature: load failures are only logged (spec).
  useEffect(() => {
    personalApi.listTemplates().then(setTemplates, (error: unknown) => console.warn('Templates not loaded', error));
  }, [templatesRevision]);
  useEffect(() => {
    personalApi.getNotificationSettings().then(
      (settings) => setSignature(settings.htmlSignature ?? ''),
      (error: unknown) => console.warn('Signature not loaded', error),
    );
  }, []);

  const started = () => {
    if (startedAt.current) return;
    startedAt.current = new Date().toISOString();
    void inboxApi.setReplying(email.id, true).catch(() => undefined);
  };

  const change = (field: 'to' | 'cc' | 'subject' | 'body' | 'htmlBody', value: string) => {
    started();
    setForm((current) => ({ ...current, [field]: value }));
  };

  /** Plain to HTML keeps the text (escaped); HTML to plain strips the tags (spec). */
  const switchHtml = (html: boolean) =>
    setForm((current) =>
      html
        ? { ...current, html, htmlBody: current.htmlBody || textToHtml(current.body) }
        : { ...current, html, body: htmlToText(current.htmlBody), htmlBody: '' },
    );

  /** A template with an HTML body sets the HTML and clears the plain body, otherwise it sets the plain body. */
  const applyTemplate = (id: string) => {
    setTemplateId(id);
    const template = templates.find((item) => item.id === id);
    if (!template) return;
    started();
    setForm((current) =>
      template.htmlBody?.trim()
        ? { ...current, html: true, htmlBody: template.htmlBody, body: '' }
        : { ...current, html: false, htmlBody: '', body: template.body ?? '' },
    );
  };

  /** The signature, as plain text, goes at the end of the body. */
  const insertSignature = () => {
    const text = htmlToText(signature);
    if (!text) return notify('error', 'noSignature');
    started();
    setForm((current) =>
      current.html
        ? { ...current, htmlBody: `${current.htmlBody}<p>${textToHtml(text)}</p>` }
        : { ...current, body: current.body ? `${current.body.replace(/\s+$/, '')}\n\n${text}` : text },
    );
  };

  const addFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = [...files];
    if (
      !attachmentsFit(
        attachments.map((file) => file.size),
        chosen.map((file) => file.size),
      )
    ) {
      notify('error', 'attachmentTooLarge', { max: REPLY_ATTACHMENTS_MAX_MB });
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
      started();
      setAttachments((current) => [...current, ...read]);
    } catch {
      notify('error', 'fileReadError');
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const stopReplying = () => {
    startedAt.current = null;
    void inboxApi.setReplying(email.id, false).catch(() => undefined);
  };

  const payload = () => ({
    to: splitAddresses(form.to),
    cc: splitAddresses(form.cc),
    subject: form.subject,
    body: form.html ? htmlToText(form.htmlBody) : form.body,
    htmlBody: form.html ? form.htmlBody : null,
  });

  const saveDraft = async () => {
    try {
      if (draftId) await inboxApi.updateDraft(email.id, draftId, payload());
      else await inboxApi.createDraft(email.id, payload());
      setForm(blank());
      setAttachments([]);
      setTemplateId(null);
      setDraftId(null);
      stopReplying();
      await loadDrafts();
    } catch {
      notify('error', 'replySaveError');
    }
  };

  const send = async (confirmed = false) => {
    setCollision(null);
    try {
      await inboxApi.sendReply({
        ...payload(),
        emailId: email.id,
        teamId: email.teamId,
        attachments: attachments.map(({ fileName, contentType, base64Content }) => ({
          fileName,
          contentType,
          base64Content,
        })),
        draftId: draftId ?? undefined,
        startedAt: startedAt.current ?? undefined,
        confirmed,
      });
      notify('success', 'replySent');
      setForm((current) => ({ ...current, body: '', htmlBody: '' }));
      setAttachments([]);
      setDraftId(null);
      stopReplying();
      await loadDrafts();
      onSent();
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as Partial<ReplyCollision> | undefined) : undefined;
      if (error instanceof ApiError && error.status === 409 && body?.collision) setCollision(body.collision);
      else notify('error', 'replySendError');
    }
  };

  const deleteDraft = async (reply: Reply) => {
    try {
      await inboxApi.deleteDraft(email.id, reply.id);
      if (draftId === reply.id) {
        setDraftId(null);
        setForm(blank());
      }
      await loadDrafts();
    } catch {
      notify('error', 'replyDeleteError');
    }
  };

  const editDraft = (reply: Reply) => {
    setDraftId(reply.id);
    setForm({
      to: reply.to.join(', '),
      cc: reply.cc.join(', '),
      subject: reply.subject,
      body: reply.htmlBody ? '' : reply.body,
      htmlBody: reply.htmlBody ?? '',
      html: Boolean(reply.htmlBody),
    });
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
                onClick={() => editDraft(reply)}
              />
              <Button
                type="button"
                size="small"
                text
                severity="danger"
                label={t('emailDetail.deleteDraft')}
                onClick={() => deleteDraft(reply)}
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
            onChange={(e) => applyTemplate(e.value as string)}
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
            onClick={insertSignature}
            data-testid="reply-insert-signature"
          />
          <span className="flex-1" />
          <label className="flex align-items-center gap-2">
            <InputSwitch
              checked={form.html}
              onChange={(e) => switchHtml(Boolean(e.value))}
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
                onClick={() => setAttachments((current) => current.filter((_, i) => i !== index))}
              />
            </span>
          ))}
        </div>
        <div className="flex gap-2">
          <Button
            type="button"
            outlined
            label={t('emailDetail.saveDraft')}
            onClick={saveDraft}
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
        onHide={() => setCollision(null)}
        data-testid="collision-dialog"
        footer={
          <div className="flex gap-2 justify-content-end">
            <Button type="button" text label={t('emailDetail.cancel')} onClick={() => setCollision(null)} />
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
