import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import { Message } from 'primereact/message';
import { DEFAULT_CONVERSATION_SETTINGS } from '@teaminbox/contracts';
import {
  noticeRaised,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  useConversationSettingsQuery,
  useSaveConversationSettingsMutation,
} from '@teaminbox/web-store';

/** How long the card's notices stay: 2 s for a save, 3 s for an error. */
const SUCCESS_MS = 2000;
const ERROR_MS = 3000;

/**
 * The team's conversation settings (docs/collaboration.md): whether an answer without references joins its
 * conversation by subject and sender. Every member sees the setting; only an ADMIN switches it. A failed load shows the
 * default, disabled, with a warning.
 */
export function ConversationSettingsCard() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector(selectCurrentUser)?.role === 'ADMIN';
  const settings = useConversationSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveConversationSettingsMutation();
  const joinBySubject = (settings.data ?? DEFAULT_CONVERSATION_SETTINGS).joinRepliesBySubject;
  const change = (value: boolean) => {
    void save({ joinRepliesBySubject: value }).then((result) =>
      dispatch(
        noticeRaised(
          result.error
            ? { severity: 'error', key: 'conversationSettings.saveError', lifeMs: ERROR_MS }
            : { severity: 'success', key: 'conversationSettings.saved', lifeMs: SUCCESS_MS },
        ),
      ),
    );
  };
  return (
    <Card title={t('conversationSettings.title')} data-testid="conversation-settings">
      {settings.isError ? (
        <Message severity="warn" text={t('conversationSettings.loadError')} className="mb-2" />
      ) : null}
      <div className="flex align-items-center gap-2">
        <InputSwitch
          inputId="join-by-subject"
          checked={joinBySubject}
          disabled={!isAdmin || !settings.isSuccess || saving.isLoading}
          onChange={(event) => change(Boolean(event.value))}
          data-testid="join-by-subject"
        />
        <label htmlFor="join-by-subject">{t('conversationSettings.joinBySubject')}</label>
      </div>
      <p className="text-sm text-color-secondary mb-0">{t('conversationSettings.joinBySubjectHelp')}</p>
      {isAdmin ? null : <p className="text-sm mb-0">{t('conversationSettings.adminOnly')}</p>}
    </Card>
  );
}
