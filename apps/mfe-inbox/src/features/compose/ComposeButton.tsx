import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  type ApiFailure,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  useComposeEmailMutation,
  useNotificationSettingsQuery,
  useReplyTemplatesQuery,
} from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { AttachmentPicker } from '../email-detail/AttachmentPicker';
import type { ReplyAttachment } from '../email-detail/replySlice';
import { SendLaterButton } from '../email-detail/SendLaterButton';
import { UndoSendToast } from '../email-detail/UndoSendToast';
import { pageRequested, selectInbox } from '../inbox-list/inboxListSlice';
import { BodyEditor } from './BodyEditor';
import { blankCompose, composeReady, composeRequest, type ComposeForm, withHtml, withTemplate } from './compose-form';

/** A random key per message: a doubled click or a retried send starts one conversation. */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Compose: a new conversation from the team's mailbox. The dialog has To, Cc, Bcc, Subject, the template select, the
 * body (the rich editor, or plain text), attachments, Send and Send later; it opens with the person's signature. Once
 * the server took the message (202), a notice says so, the dialog closes and the list shows the new conversation;
 * like a reply, the message waits the person's undo window ("Sending… Undo") or its "send later" time.
 */
export function ComposeButton() {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const teamId = useAppSelector(selectCurrentUser)?.teamId ?? null;
  const { search } = useAppSelector(selectInbox);
  const signature = useNotificationSettingsQuery().data?.htmlSignature ?? '';
  const { data: templates = [] } = useReplyTemplatesQuery();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<ComposeForm>(() => blankCompose(''));
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [attachments, setAttachments] = useState<ReplyAttachment[]>([]);
  const [compose, composing] = useComposeEmailMutation();
  const key = useRef(newKey());
  const change = (fields: Partial<ComposeForm>) => setForm((current) => ({ ...current, ...fields }));

  // A signature that arrives while an untouched new message is open is added to it (set while rendering).
  const [signedWith, setSignedWith] = useState('');
  if (signature !== signedWith) {
    setSignedWith(signature);
    if (JSON.stringify(form) === JSON.stringify(blankCompose(signedWith))) setForm(blankCompose(signature));
  }

  const start = () => {
    setForm(blankCompose(signature));
    setTemplateId(null);
    setAttachments([]);
    key.current = newKey();
    setOpen(true);
  };

  /** `sendAt`: "Send later", the time the message goes (ISO). */
  const send = async (sendAt?: string) => {
    if (!teamId) return;
    const result = await compose({ ...composeRequest(form, teamId, attachments, key.current), sendAt });
    if (result.error) {
      // A refused message (400) names what to fix; anything else is only "could not be sent".
      const failure = result.error as Partial<ApiFailure>;
      dispatch(notice('error', 'compose.sendError', { reason: failure.status === 400 ? (failure.message ?? '') : '' }));
      return;
    }
    // A message sent for later is not sent yet: the Scheduled list's notice says when it goes.
    if (!sendAt) dispatch(notice('success', 'compose.sent'));
    setOpen(false);
    dispatch(pageRequested(0, search));
  };

  return (
    <>
      <Button type="button" icon="pi pi-pencil" label={t('inbox.compose')} onClick={start} data-testid="compose" />
      <Dialog
        header={t('compose.title')}
        visible={open}
        onHide={() => setOpen(false)}
        style={{ width: 'min(48rem, 95vw)' }}
        data-testid="compose-dialog"
        footer={
          <div className="flex gap-2 justify-content-end">
            <Button type="button" text label={t('emailDetail.cancel')} onClick={() => setOpen(false)} />
            <Button
              type="button"
              icon="pi pi-send"
              label={t('emailDetail.send')}
              disabled={!teamId || composing.isLoading || !composeReady(form)}
              loading={composing.isLoading}
              onClick={() => void send()}
              data-testid="compose-send"
            />
            <SendLaterButton
              disabled={!teamId || composing.isLoading || !composeReady(form)}
              onSchedule={(sendAt) => void send(sendAt)}
              testId="compose-send-later"
            />
          </div>
        }
      >
        <div className="flex flex-column gap-2">
          <div className="flex flex-wrap align-items-center gap-2">
            <Dropdown
              value={templateId}
              options={templates.map((template) => ({ label: template.name, value: template.id }))}
              onChange={(e) => {
                const template = templates.find((item) => item.id === e.value);
                setTemplateId(e.value as string);
                if (template) setForm((current) => withTemplate(current, template, signature));
              }}
              placeholder={t('emailDetail.chooseTemplate')}
              aria-label={t('emailDetail.template')}
              emptyMessage={t('emailDetail.noTemplates')}
              data-testid="compose-template"
            />
            <span className="flex-1" />
            <label className="flex align-items-center gap-2">
              <InputSwitch
                checked={form.html}
                onChange={(e) => setForm((current) => withHtml(current, Boolean(e.value)))}
                data-testid="compose-html-switch"
              />
              {t('emailDetail.htmlBody')}
            </label>
          </div>
          <label className="flex flex-column gap-1">
            {t('emailDetail.to')}
            <InputText value={form.to} onChange={(e) => change({ to: e.target.value })} data-testid="compose-to" />
          </label>
          <label className="flex flex-column gap-1">
            {t('emailDetail.cc')}
            <InputText value={form.cc} onChange={(e) => change({ cc: e.target.value })} data-testid="compose-cc" />
          </label>
          <label className="flex flex-column gap-1">
            {t('emailDetail.bcc')}
            <InputText value={form.bcc} onChange={(e) => change({ bcc: e.target.value })} data-testid="compose-bcc" />
          </label>
          <label className="flex flex-column gap-1">
            {t('emailDetail.subject')}
            <InputText
              value={form.subject}
              onChange={(e) => change({ subject: e.target.value })}
              data-testid="compose-subject"
            />
          </label>
          {form.html ? (
            <BodyEditor
              value={form.htmlBody}
              onChange={(htmlBody) => change({ htmlBody })}
              label={t('compose.body')}
              testId="compose-html-body"
            />
          ) : (
            <InputTextarea
              value={form.body}
              rows={8}
              onChange={(e) => change({ body: e.target.value })}
              aria-label={t('compose.body')}
              data-testid="compose-body"
            />
          )}
          <AttachmentPicker
            attachments={attachments}
            testIdPrefix="compose"
            onAdd={(files) => setAttachments((current) => [...current, ...files])}
            onRemove={(index) => setAttachments((current) => current.filter((_, i) => i !== index))}
          />
        </div>
      </Dialog>
      <UndoSendToast />
    </>
  );
}
