import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Toast, type ToastMessage } from 'primereact/toast';
import { UNDO_SEND_MAX_SECONDS } from '@teaminbox/contracts';
import { useNavigate } from '@teaminbox/ui';
import {
  type ApiFailure,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  useCancelScheduledSendMutation,
  useScheduledSendsQuery,
} from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { UNDONE_KEYS } from './send-kinds';

/** A scheduled send this close to its time is an undo window (a "send later" time is further on). */
const UNDO_WINDOW_MS = (UNDO_SEND_MAX_SECONDS + 1) * 1000;

/**
 * After each of the person's sends (a reply, a forward or a new email), "Sending… Undo" for as long as it waits (their
 * undo window): Undo makes it a draft again, and an undone new email opens the conversation it began, where its draft
 * is. A message sent for later says when it goes. It follows the team's scheduled sends (the list the server pushes
 * changes of), so any message of the person's that starts waiting is offered, once. One is mounted per screen that
 * sends (the reply form, the inbox list's Compose).
 */
export function UndoSendToast() {
  const { t, i18n } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const me = useAppSelector(selectCurrentUser)?.id;
  const { data: scheduled } = useScheduledSendsQuery();
  const [cancel] = useCancelScheduledSendMutation();
  const toast = useRef<Toast>(null);
  /** The sends already there when the form opened, and those offered since. */
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!scheduled) return;
    if (!known.current) {
      known.current = new Set(scheduled.map((send) => send.replyId));
      return;
    }
    const undo = async (replyId: string, message: ToastMessage) => {
      toast.current?.remove(message);
      const result = await cancel(replyId);
      if (result.error) {
        dispatch(notice('error', 'sendLater.undoFailed', { reason: (result.error as ApiFailure).message ?? '' }));
        return;
      }
      dispatch(notice('success', UNDONE_KEYS[result.data.kind]));
      if (result.data.kind === 'compose') navigate(`/admin/email-detail/${result.data.emailId}`);
    };
    for (const send of scheduled) {
      if (known.current.has(send.replyId)) continue;
      known.current.add(send.replyId);
      const left = Date.parse(send.sendAt) - Date.now();
      if (send.authorId !== me || left <= 0) continue;
      if (left > UNDO_WINDOW_MS) {
        dispatch(notice('info', 'sendLater.scheduled', { time: new Date(send.sendAt).toLocaleString(i18n.language) }));
        continue;
      }
      const message: ToastMessage = { severity: 'info', life: left, closable: false };
      message.content = (
        <div className="flex align-items-center justify-content-between gap-3 w-full" data-testid="undo-send-toast">
          <span>{t('sendLater.sending')}</span>
          <Button
            type="button"
            size="small"
            label={t('sendLater.undo')}
            onClick={() => void undo(send.replyId, message)}
            data-testid="undo-send"
          />
        </div>
      );
      toast.current?.show(message);
    }
  }, [scheduled, me, cancel, dispatch, navigate, t, i18n.language]);

  return <Toast ref={toast} position="bottom-left" />;
}
