import '../../i18n/texts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import {
  type CurrentUser,
  DEFAULT_NOTIFICATION_MESSAGES_BY_LANGUAGE,
  defaultNotificationPreferences,
  NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationType,
  type NotificationTypeSettings,
} from '@teaminbox/contracts';
import { PageHeading } from '@teaminbox/ui';
import {
  EmailProofNotice,
  noticeRaised,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  useSetAvailabilityMutation,
  useUserPreferencesQuery,
} from '@teaminbox/web-store';

/** The defaults built from the current user (spec section 4: email and push on, Slack off). */
export function defaultSettingsFor(user: Pick<CurrentUser, 'id' | 'teamId'> | null): NotificationSettings {
  return {
    id: null,
    userId: user?.id ?? '',
    teamId: user?.teamId ?? null,
    ...defaultNotificationPreferences(),
    mutedEmailIds: [],
    slackDisabledReason: null,
  };
}

/**
 * The person's availability as the screens show it (loaded on each opening; false until known), and its save:
 * 'Save availability' and the profile's vacation switch store the availability and the preference in one call and
 * say so in a notice; a failure is logged and shows the previous value again.
 */
export function useAvailability(): {
  onVacation: boolean;
  saving: boolean;
  save: (onVacation: boolean) => Promise<boolean>;
} {
  const dispatch = useAppDispatch();
  const { data: preferences } = useUserPreferencesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setAvailability, { isLoading: saving }] = useSetAvailabilityMutation();
  const save = useCallback(
    async (onVacation: boolean) => {
      const result = await setAvailability(onVacation);
      if (result.error) return false;
      dispatch(noticeRaised({ severity: 'success', key: 'notificationSettings.availabilitySaved', lifeMs: 2000 }));
      return true;
    },
    [dispatch, setAvailability],
  );
  return { onVacation: preferences?.onVacation ?? false, saving, save };
}

/** The general switches, in the order they stand: the setting each turns on and off, its switch's id and its text. */
const GENERAL_SWITCHES = [
  { flag: 'useThreads', id: 'settings-use-threads', label: 'useThreads' },
  { flag: 'shareCommentsAcrossThread', id: 'settings-share-comments', label: 'shareComments' },
  { flag: 'emailNotificationsEnabled', id: 'settings-email', label: 'emailNotifications' },
  { flag: 'browserPushEnabled', id: 'settings-push', label: 'browserPush' },
  { flag: 'slackNotificationsEnabled', id: 'settings-slack', label: 'slack' },
] as const;

type Flag = (typeof GENERAL_SWITCHES)[number]['flag'];

function Switch({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="flex align-items-center gap-2">
      <InputSwitch inputId={id} checked={checked} onChange={(e) => onChange(Boolean(e.value))} data-testid={id} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * The notification settings (spec section 2), on their own screen and embedded in the profile: availability,
 * general switches, the Slack webhook when Slack is on, one block per notification type, the HTML signature, Save
 * ('Ukládám...' while saving) and 'Reset to defaults'.
 */
export function NotificationSettingsPanel() {
  const { t, i18n } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  // Loaded on each opening; a load failure (logged) shows the defaults of the current user.
  const stored = useNotificationSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [saveSettings, { isLoading: saving }] = useSaveNotificationSettingsMutation();
  const availability = useAvailability();
  // The edits not saved yet: null shows what is stored.
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const [vacation, setVacation] = useState<boolean | null>(null);
  const language = i18n.language === 'cs' ? 'cs' : 'en';
  const settings = draft ?? stored.data ?? (stored.isError ? defaultSettingsFor(user) : null);
  const onVacation = vacation ?? availability.onVacation;

  if (!settings) {
    return stored.isFetching ? (
      <ProgressSpinner
        style={{ width: 40, height: 40 }}
        aria-label={t('remote.loading')}
        data-testid="settings-loading"
      />
    ) : null;
  }
  const edit = (change: Partial<NotificationSettings>) => setDraft({ ...settings, ...change });
  const save = async () => {
    if (saving) return;
    // A failure is logged by the endpoint and not shown (the spec); the edits stay.
    const result = await saveSettings(settings);
    if (result.error) return;
    setDraft(null);
    dispatch(noticeRaised({ severity: 'success', key: 'notificationSettings.saved', lifeMs: 2000 }));
  };
  // 'Reset to defaults': the form shows the defaults; they are stored by Save.
  const reset = () =>
    setDraft({
      ...defaultSettingsFor(user ? { id: user.id, teamId: user.teamId ?? null } : null),
      id: settings.id,
      mutedEmailIds: settings.mutedEmailIds,
    });
  const editFlag = (flag: Flag) => (value: boolean) => edit({ [flag]: value });
  const editType = (type: NotificationType, change: Partial<NotificationTypeSettings>) =>
    edit({
      notificationTypes: {
        ...settings.notificationTypes,
        [type]: { ...settings.notificationTypes[type], ...change },
      },
    });

  return (
    <div className="flex flex-column gap-3" data-testid="notification-settings">
      {user?.emailProven === false ? <EmailProofNotice email={user.email} /> : null}
      <Card title={t('notificationSettings.availability')}>
        <div className="flex flex-column gap-2">
          <Switch
            id="settings-vacation"
            label={t('notificationSettings.vacation')}
            checked={onVacation}
            onChange={setVacation}
          />
          <small className="text-color-secondary">{t('notificationSettings.availabilityNote')}</small>
          <div>
            <Button
              type="button"
              label={t('notificationSettings.saveAvailability')}
              loading={availability.saving}
              onClick={() => {
                void availability.save(onVacation).then((saved) => {
                  if (saved) setVacation(null);
                });
              }}
              data-testid="settings-save-availability"
            />
          </div>
        </div>
      </Card>

      <Card title={t('notificationSettings.general')}>
        <div className="flex flex-column gap-2">
          {GENERAL_SWITCHES.map(({ flag, id, label }) => (
            <Switch
              key={id}
              id={id}
              label={t(`notificationSettings.${label}`)}
              checked={settings[flag]}
              onChange={editFlag(flag)}
            />
          ))}
          {settings.slackDisabledReason && !settings.slackNotificationsEnabled ? (
            <Message
              severity="warn"
              text={t('notificationSettings.slackOff', { reason: settings.slackDisabledReason })}
              data-testid="settings-slack-off"
            />
          ) : null}
          {settings.slackNotificationsEnabled ? (
            <div className="flex flex-column gap-1">
              <label htmlFor="settings-slack-webhook">{t('notificationSettings.slackWebhook')}</label>
              <InputText
                id="settings-slack-webhook"
                type="url"
                value={settings.slackWebhookUrl}
                onChange={(e) => edit({ slackWebhookUrl: e.target.value })}
                data-testid="settings-slack-webhook"
              />
            </div>
          ) : null}
        </div>
      </Card>

      <Card title={t('notificationSettings.types')}>
        <div className="flex flex-column gap-3">
          {NOTIFICATION_TYPES.map((type) => {
            const perType = settings.notificationTypes[type];
            return (
              <fieldset
                key={type}
                className="flex flex-column gap-2 border-1 surface-border border-round p-3"
                data-testid={`settings-type-${type}`}
              >
                <legend className="font-semibold">{t(`notificationSettings.type${type}`)}</legend>
                <Switch
                  id={`settings-${type}-enabled`}
                  label={t('notificationSettings.enabled')}
                  checked={perType.enabled}
                  onChange={(value) => editType(type, { enabled: value })}
                />
                {perType.enabled ? (
                  <>
                    <div className="flex flex-wrap gap-3">
                      <Switch
                        id={`settings-${type}-email`}
                        label={t('notificationSettings.email')}
                        checked={perType.emailEnabled}
                        onChange={(value) => editType(type, { emailEnabled: value })}
                      />
                      <Switch
                        id={`settings-${type}-push`}
                        label={t('notificationSettings.push')}
                        checked={perType.browserPushEnabled}
                        onChange={(value) => editType(type, { browserPushEnabled: value })}
                      />
                      {settings.slackNotificationsEnabled ? (
                        <Switch
                          id={`settings-${type}-slack`}
                          label={t('notificationSettings.slackChannel')}
                          checked={perType.slackEnabled}
                          onChange={(value) => editType(type, { slackEnabled: value })}
                        />
                      ) : null}
                    </div>
                    <div className="flex flex-column gap-1">
                      <label htmlFor={`settings-${type}-message`}>{t('notificationSettings.customMessage')}</label>
                      <InputText
                        id={`settings-${type}-message`}
                        value={perType.customMessage ?? ''}
                        placeholder={DEFAULT_NOTIFICATION_MESSAGES_BY_LANGUAGE[language][type]}
                        onChange={(e) => editType(type, { customMessage: e.target.value || null })}
                        data-testid={`settings-${type}-message`}
                      />
                    </div>
                  </>
                ) : null}
              </fieldset>
            );
          })}
        </div>
      </Card>

      <Card title={t('notificationSettings.signature')}>
        <InputTextarea
          id="settings-signature"
          aria-label={t('notificationSettings.signature')}
          className="w-full"
          rows={5}
          value={settings.htmlSignature}
          onChange={(e) => edit({ htmlSignature: e.target.value })}
          data-testid="settings-signature"
        />
      </Card>

      <div className="flex gap-2">
        <Button
          type="button"
          label={saving ? t('notificationSettings.saving') : t('notificationSettings.save')}
          disabled={saving}
          onClick={() => void save()}
          data-testid="settings-save"
        />
        <Button
          type="button"
          outlined
          label={t('notificationSettings.reset')}
          onClick={reset}
          data-testid="settings-reset"
        />
      </div>
    </div>
  );
}

/** /admin/notification-settings */
export default function NotificationSettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <div className="flex flex-column gap-3">
      <PageHeading title={t('notificationSettings.heading')} />
      <NotificationSettingsPanel />
    </div>
  );
}
