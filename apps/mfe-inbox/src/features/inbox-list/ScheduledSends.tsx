import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { ScheduledSend } from '@teaminbox/contracts';
import {
  type ApiFailure,
  useAppDispatch,
  useCancelScheduledSendMutation,
  useScheduledSendsQuery,
} from '@teaminbox/web-store';
import { useNavigate } from '@teaminbox/ui';
import { notice } from '../../shared/notices';
import { SEND_KIND_KEYS, UNDONE_KEYS } from '../email-detail/send-kinds';

/**
 * "Scheduled" in the inbox's toolbar: the team's replies, forwards and new emails waiting for their time (undo windows
 * and "send later"), soonest first, each named by what it is, with Cancel, which makes it a draft again on its email
 * (a new email: on the conversation it began), and Edit, which does the same and opens that draft in its email's form
 * (to change it, or its time, and send it again).
 */
export function ScheduledSends() {
  const { t, i18n } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const { data: sends = [], isError } = useScheduledSendsQuery();
  const [cancel, cancelling] = useCancelScheduledSendMutation();

  const navigate = useNavigate();

  const cancelSend = async (send: ScheduledSend, edit = false) => {
    const result = await cancel(send.replyId);
    if (result.error) {
      dispatch(notice('error', 'sendLater.undoFailed', { reason: (result.error as ApiFailure).message ?? '' }));
      return;
    }
    dispatch(notice('success', UNDONE_KEYS[result.data.kind]));
    if (!edit) return;
    setOpen(false);
    const { emailId, draftId } = result.data;
    navigate(`/admin/email-detail/${encodeURIComponent(emailId)}?draft=${encodeURIComponent(draftId)}`);
  };

  return (
    <>
      <Button
        type="button"
        outlined
        icon="pi pi-clock"
        label={t('sendLater.scheduledSends')}
        onClick={() => setOpen(true)}
        data-testid="scheduled-sends"
      >
        {sends.length > 0 ? <Badge value={sends.length} className="ml-2" /> : null}
      </Button>
      <Dialog
        header={t('sendLater.scheduledTitle')}
        visible={open}
        onHide={() => setOpen(false)}
        style={{ width: 'min(56rem, 95vw)' }}
        data-testid="scheduled-sends-dialog"
      >
        {isError ? <p>{t('sendLater.loadError')}</p> : null}
        {!isError && sends.length === 0 ? <p>{t('sendLater.empty')}</p> : null}
        {sends.length > 0 ? (
          <table className="w-full" data-testid="scheduled-sends-list">
            <thead>
              <tr>
                <th className="text-left">{t('sendLater.kind')}</th>
                <th className="text-left">{t('sendLater.to')}</th>
                <th className="text-left">{t('sendLater.subject')}</th>
                <th className="text-left">{t('sendLater.sendAt')}</th>
                <th className="text-left">{t('sendLater.author')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {sends.map((send) => (
                <tr key={send.replyId} data-testid="scheduled-send">
                  <td data-testid="scheduled-send-kind">{t(SEND_KIND_KEYS[send.kind])}</td>
                  <td>{send.to.join(', ')}</td>
                  <td>{send.subject}</td>
                  <td>{new Date(send.sendAt).toLocaleString(i18n.language)}</td>
                  <td>{send.authorName ?? ''}</td>
                  <td className="text-right white-space-nowrap">
                    <Button
                      type="button"
                      size="small"
                      text
                      label={t('sendLater.edit')}
                      disabled={cancelling.isLoading}
                      onClick={() => void cancelSend(send, true)}
                      data-testid="scheduled-send-edit"
                    />
                    <Button
                      type="button"
                      size="small"
                      text
                      label={t('sendLater.cancel')}
                      disabled={cancelling.isLoading}
                      onClick={() => void cancelSend(send)}
                      data-testid="scheduled-send-cancel"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </Dialog>
    </>
  );
}
