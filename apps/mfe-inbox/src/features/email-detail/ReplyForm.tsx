import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { EmailDetail, Reply, ReplyCollision } from '@teaminbox/contracts';
import { ApiError, inboxApi } from '@teaminbox/api-client';
import { noticeRaised, useAppDispatch } from '@teaminbox/web-store';

const SUCCESS_MS = 2000;
const ERROR_MS = 3000;

/** To and cc are comma-separated: trimmed, empties dropped (spec section 5). */
export const splitAddresses = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const replySubject = (subject: string) => (/^re:/i.test(subject.trim()) ? subject : `Re: ${subject}`);

/**
 * The reply form with its drafts: save draft (the form resets), edit or delete a draft, send. While the user
 * writes, the others see "is replying"; if someone else commented or replied since the reply was started, the
 * server refuses once (409) and a dialog says what arrived, with 'Send anyway'.
 */
export function ReplyForm({ email, onSent }: { email: EmailDetail; onSent: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const blank = () => ({ to: email.fromEmail, cc: '', subject: replySubject(email.subject), body: '' });
  const [form, setForm] = useState(blank);
  const [draftId, setDraftId] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Reply[]>([]);
  const [collision, setCollision] = useState<ReplyCollision['collision'] | null>(null);
  const startedAt = useRef<string | null>(null);
  const notify = (severity: 'success' | 'error', key: string) =>
    dispatch(
      noticeRaised({ severity, key: `emailDetail.${key}`, lifeMs: severity === 'error' ? ERROR_MS : SUCCESS_MS }),
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

  const change = (field: keyof ReturnType<typeof blank>, value: string) => {
    if (!startedAt.current) {
      startedAt.current = new Date().toISOString();
      void inboxApi.setReplying(email.id, true).catch(() => undefined);
    }
    setForm((current) => ({ ...current, [field]: value }));
  };

  const stopReplying = () => {
    startedAt.current = null;
    void inboxApi.setReplying(email.id, false).catch(() => undefined);
  };

  const payload = () => ({
    to: splitAddresses(form.to),
    cc: splitAddresses(form.cc),
    subject: form.subject,
    body: form.body,
  });

  const saveDraft = async () => {
    try {
      if (draftId) await inboxApi.updateDraft(email.id, draftId, payload());
      else await inboxApi.createDraft(email.id, payload());
      setForm(blank());
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
        attachments: [],
        draftId: draftId ?? undefined,
        startedAt: startedAt.current ?? undefined,
        confirmed,
      });
      notify('success', 'replySent');
      setForm((current) => ({ ...current, body: '' }));
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
                onClick={() => {
                  setDraftId(reply.id);
                  setForm({
                    to: reply.to.join(', '),
                    cc: reply.cc.join(', '),
                    subject: reply.subject,
                    body: reply.body,
                  });
                }}
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
        <InputTextarea
          value={form.body}
          rows={6}
          onChange={(e) => change('body', e.target.value)}
          aria-label={t('emailDetail.replyBody')}
          data-testid="reply-body"
        />
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
