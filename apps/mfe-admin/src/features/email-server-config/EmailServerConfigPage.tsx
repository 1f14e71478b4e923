import '../../i18n/texts';
import './email-server-config.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { Message } from 'primereact/message';
import { MultiSelect } from 'primereact/multiselect';
import type { AuthType, OAuthProvider } from '@teaminbox/contracts';
import { accessibleMultiSelect, PageHeading, useSearchParams } from '@teaminbox/ui';
import {
  refreshEmailServerConfig,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  useEmailServerConfigQuery,
  useFetchEmailsMutation,
  useLazyImapFoldersQuery,
  useOauthSignInUrlMutation,
  useSaveEmailServerConfigMutation,
  useTestEmailServerConfigMutation,
} from '@teaminbox/web-store';
import { Field, TextField } from './ConfigFields';
import { fetchOutcome, serverMessage, testOutcome } from './configOutcomes';
import { browser, SYNC_POLL_MS } from './emailServerConfigSaga';
import {
  fieldLocks,
  requestOf,
  storedPasswordUsable,
  validateDraft,
  type EmailServerConfigDraft,
  type PresetKey,
} from './emailServerConfigRules';
import {
  configOpened,
  configSaved,
  configShown,
  draftChanged,
  editCancelled,
  editStarted,
  messageCleared,
  messageShown,
  presetApplied,
  selectEmailServerConfig,
  type ConfigMessage,
} from './emailServerConfigSlice';
import { ConversationSettingsCard } from '../conversation-settings/ConversationSettingsCard';
import { QuarantineCard } from './QuarantineCard';
import { ServerFields } from './ServerFields';
import { SyncStatus } from './SyncStatus';

export { STORED_PASSWORD_PLACEHOLDER } from './ServerFields';

const PRESET_KEYS: { key: PresetKey; label: string }[] = [
  { key: 'gmail', label: 'presetGmail' },
  { key: 'outlook', label: 'presetOutlook' },
  { key: 'yahoo', label: 'presetYahoo' },
];

/** Roles that may change the team's mailbox; a MEMBER sees the configuration read-only. */
const MANAGER_ROLES = ['ADMIN', 'MAINTAINER'];

function useMessageText(message: ConfigMessage | null): string {
  const { t } = useTranslation('admin');
  if (!message) return '';
  if (message.text !== undefined) return message.text;
  return t(`emailServerConfig.${message.key}`, message.params ?? {});
}

const NO_FOLDERS: string[] = [];

/**
 * The stored configuration from the api cache, loaded afresh on each opening; its sync status is refreshed every few
 * seconds while it is active or syncing (and no load or save is under way). A failed load says so; none stored (404)
 * opens a new one.
 */
function useStoredConfig(saving: boolean) {
  const dispatch = useAppDispatch();
  const config = useEmailServerConfigQuery(undefined, { refetchOnMountOrArgChange: true });
  const stored = config.data ?? null;
  const loaded = config.data !== undefined;
  const pollable = Boolean(stored && (stored.isActive || stored.syncProgress)) && !config.isFetching && !saving;

  useEffect(() => {
    dispatch(configOpened());
  }, [dispatch]);

  useEffect(() => {
    if (loaded) dispatch(configShown(stored));
  }, [dispatch, loaded, stored]);

  useEffect(() => {
    if (config.isError) dispatch(messageShown({ severity: 'error', key: 'loadFailed' }));
  }, [dispatch, config.isError]);

  useEffect(() => {
    if (!pollable) return undefined;
    const timer = setInterval(() => void dispatch(refreshEmailServerConfig()), SYNC_POLL_MS);
    return () => clearInterval(timer);
  }, [dispatch, pollable]);

  return { stored, loading: config.isFetching, reload: config.refetch };
}

/**
 * /admin/email-server-config ('IMAP config'): the team mailbox's IMAP, SMTP and general settings, with
 * presets, a connection test, folder selection, OAuth sign-in, a manual fetch, the sync status and the quarantine.
 * Only an ADMIN or a MAINTAINER changes anything; a MEMBER sees the configuration read-only. The server data is in
 * the api cache; the form (draft, editing, message) is the screen's slice.
 */
export default function EmailServerConfigPage() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectEmailServerConfig);
  const user = useAppSelector(selectCurrentUser);
  const canManage = MANAGER_ROLES.includes(user?.role ?? '');
  const [save, saving] = useSaveEmailServerConfigMutation();
  const [test, testing] = useTestEmailServerConfigMutation();
  const [fetchEmails, fetching] = useFetchEmailsMutation();
  const [loadFolders, folders] = useLazyImapFoldersQuery();
  const [signInUrl] = useOauthSignInUrlMutation();
  const { stored, loading, reload } = useStoredConfig(saving.isLoading);
  const { draft } = state;
  const editing = state.editing && canManage;
  const [searchParams, setSearchParams] = useSearchParams();
  const oauthResult = searchParams.get('oauth');

  const testConnection = () => {
    dispatch(messageCleared());
    const invalid = validateDraft(draft, stored);
    if (invalid) {
      dispatch(messageShown({ severity: 'error', key: invalid }));
      return;
    }
    void test(requestOf(draft)).then((result) => dispatch(messageShown(testOutcome(result))));
  };
  const saveConfig = () => {
    dispatch(messageCleared());
    const invalid = validateDraft(draft, stored);
    if (invalid) {
      dispatch(messageShown({ severity: 'error', key: invalid }));
      return;
    }
    void save({ config: requestOf(draft), create: !stored }).then((result) => {
      if ('data' in result && result.data) dispatch(configSaved(result.data));
      else dispatch(messageShown({ severity: 'error', key: 'saveFailed' }));
    });
  };
  const cancel = () => {
    dispatch(editCancelled(stored));
    void reload();
  };
  const fetchNow = () => {
    dispatch(messageCleared());
    void fetchEmails().then((result) => dispatch(messageShown(fetchOutcome(result))));
  };
  const showFolders = () => {
    void loadFolders(undefined, false).then((result) => {
      if (result.isError) dispatch(messageShown({ severity: 'error', key: 'foldersFailed' }));
    });
  };
  const signIn = (provider: 'google' | 'microsoft') => {
    void signInUrl(provider).then((result) => {
      if ('data' in result && result.data) {
        browser.redirect(result.data.url);
        return;
      }
      const error = 'error' in result ? result.error : undefined;
      const message = serverMessage(error) ?? (error as { message?: string } | undefined)?.message ?? String(error);
      dispatch(messageShown({ severity: 'error', key: 'oauthUrlFailed', params: { message } }));
    });
  };

  // The return from a provider's sign-in: show the outcome once, then drop the parameter from the URL.
  useEffect(() => {
    if (oauthResult === null) return;
    if (oauthResult === 'success' || oauthResult === 'error') {
      dispatch(
        messageShown(
          oauthResult === 'success'
            ? { severity: 'success', key: 'oauthSuccess' }
            : { severity: 'error', key: 'oauthError' },
        ),
      );
    }
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('oauth');
        return next;
      },
      { replace: true },
    );
  }, [dispatch, oauthResult, setSearchParams]);

  const messageText = useMessageText(state.message);
  const locks = fieldLocks(draft, stored);
  const off = !editing;
  const locked = { server: off || locks.server, password: off || locks.passwords };
  const change = (fields: Partial<EmailServerConfigDraft>) => dispatch(draftChanged(fields));
  const folderOptions = [...new Set([...(folders.data ?? NO_FOLDERS), ...draft.imapFolders])].map((f) => ({
    label: f,
    value: f,
  }));
  const busy = testing.isLoading || saving.isLoading;

  return (
    <div className="email-server-config flex flex-column gap-3">
      <PageHeading title={t('emailServerConfig.heading')} />

      {state.message ? (
        <Message
          severity={state.message.severity}
          text={messageText}
          className="justify-content-start"
          data-testid="config-message"
        />
      ) : null}

      {canManage ? null : (
        <Message
          severity="info"
          text={t('emailServerConfig.readOnly')}
          className="justify-content-start"
          data-testid="config-read-only"
        />
      )}

      {stored ? <SyncStatus config={stored} /> : null}

      <Card title={t('emailServerConfig.presets')}>
        <div className="flex gap-2 flex-wrap">
          {PRESET_KEYS.map((preset) => (
            <Button
              key={preset.key}
              type="button"
              outlined
              label={t(`emailServerConfig.${preset.label}`)}
              disabled={off || locks.server}
              onClick={() => dispatch(presetApplied(preset.key))}
              data-testid={`config-preset-${preset.key}`}
            />
          ))}
        </div>
      </Card>

      <ServerFields
        server="imap"
        draft={draft}
        passwordStored={storedPasswordUsable('imap', draft, stored)}
        locked={locked}
        onChange={change}
      >
        <TextField
          id="imap-folder"
          label={t('emailServerConfig.folder')}
          value={draft.imapFolder}
          disabled={off}
          onChange={(imapFolder) => change({ imapFolder })}
        />
        <Field id="imap-folders" label={t('emailServerConfig.folders')}>
          <div className="flex gap-2 align-items-center">
            <MultiSelect
              inputId="imap-folders"
              value={draft.imapFolders}
              options={folderOptions}
              placeholder={t('emailServerConfig.selectFolders')}
              disabled={off}
              display="chip"
              className="flex-1"
              onChange={(e) => change({ imapFolders: e.value as string[] })}
              pt={accessibleMultiSelect(t('emailServerConfig.allFolders'))}
              data-testid="imap-folders-select"
            />
            <Button
              type="button"
              icon="pi pi-refresh"
              label={t('emailServerConfig.loadFolders')}
              outlined
              loading={folders.isFetching}
              disabled={!stored || !canManage}
              onClick={showFolders}
              data-testid="imap-folders-load"
            />
          </div>
        </Field>
      </ServerFields>

      <ServerFields
        server="smtp"
        draft={draft}
        passwordStored={storedPasswordUsable('smtp', draft, stored)}
        locked={locked}
        onChange={change}
      />

      <Card title={t('emailServerConfig.generalSettings')}>
        <div className="config-grid">
          <TextField
            id="from-email"
            label={t('emailServerConfig.fromEmail')}
            type="email"
            value={draft.fromEmail}
            disabled={off}
            readOnly={locks.fromEmail}
            onChange={(fromEmail) => change({ fromEmail })}
          />
          <TextField
            id="from-name"
            label={t('emailServerConfig.fromName')}
            value={draft.fromName}
            disabled={off}
            onChange={(fromName) => change({ fromName })}
          />
          <Field id="auth-type" label={t('emailServerConfig.authType')}>
            <Dropdown
              inputId="auth-type"
              value={draft.authType}
              options={[
                { label: t('emailServerConfig.authPassword'), value: 'PASSWORD' },
                { label: t('emailServerConfig.authOauth2'), value: 'OAUTH2' },
              ]}
              disabled={off}
              onChange={(e) => change({ authType: e.value as AuthType })}
              data-testid="auth-type"
            />
          </Field>
          {draft.authType === 'OAUTH2' ? (
            <Field id="oauth-provider" label={t('emailServerConfig.oauthProvider')}>
              <Dropdown
                inputId="oauth-provider"
                value={draft.oauthProvider}
                options={[
                  { label: 'Google', value: 'GOOGLE' },
                  { label: 'Microsoft', value: 'MICROSOFT' },
                ]}
                disabled={off}
                onChange={(e) => change({ oauthProvider: e.value as OAuthProvider })}
                data-testid="oauth-provider"
              />
            </Field>
          ) : null}
        </div>
        <div className="flex align-items-center gap-2">
          <InputSwitch
            inputId="config-active"
            checked={draft.isActive}
            disabled={off}
            onChange={(e) => change({ isActive: Boolean(e.value) })}
            data-testid="config-active"
          />
          <label htmlFor="config-active">{t('emailServerConfig.active')}</label>
        </div>
        {/* Whether the rules also sort the mail the mailbox already holds (docs/rules.md, first synchronisation). */}
        <div className="flex align-items-center gap-2 mt-3">
          <InputSwitch
            inputId="config-apply-rules-first-sync"
            checked={draft.applyRulesToFirstSync}
            disabled={off}
            onChange={(e) => change({ applyRulesToFirstSync: Boolean(e.value) })}
            aria-describedby="config-apply-rules-first-sync-hint"
            data-testid="config-apply-rules-first-sync"
          />
          <label htmlFor="config-apply-rules-first-sync">{t('emailServerConfig.applyRulesToFirstSync')}</label>
        </div>
        <small id="config-apply-rules-first-sync-hint" className="block mt-1 text-color-secondary">
          {t('emailServerConfig.applyRulesToFirstSyncHint')}
        </small>
      </Card>

      {canManage ? (
        <Card title={t('emailServerConfig.oauthSignIn')}>
          <div className="flex gap-2 flex-wrap">
            <Button
              type="button"
              icon="pi pi-google"
              label={t('emailServerConfig.google')}
              outlined
              onClick={() => signIn('google')}
              data-testid="oauth-google"
            />
            <Button
              type="button"
              icon="pi pi-microsoft"
              label={t('emailServerConfig.microsoft')}
              outlined
              onClick={() => signIn('microsoft')}
              data-testid="oauth-microsoft"
            />
          </div>
        </Card>
      ) : null}

      {canManage ? (
        <div className="flex gap-2 flex-wrap">
          {editing ? (
            <>
              <Button
                type="button"
                icon="pi pi-bolt"
                label={t('emailServerConfig.test')}
                outlined
                loading={testing.isLoading}
                disabled={busy}
                onClick={testConnection}
                data-testid="config-test"
              />
              <Button
                type="button"
                icon="pi pi-check"
                label={t('emailServerConfig.save')}
                loading={saving.isLoading}
                disabled={busy}
                onClick={saveConfig}
                data-testid="config-save"
              />
              <Button
                type="button"
                icon="pi pi-times"
                label={t('emailServerConfig.cancel')}
                severity="secondary"
                outlined
                disabled={busy}
                onClick={cancel}
                data-testid="config-cancel"
              />
            </>
          ) : (
            <Button
              type="button"
              icon="pi pi-pencil"
              label={t('emailServerConfig.edit')}
              disabled={loading}
              onClick={() => dispatch(editStarted())}
              data-testid="config-edit"
            />
          )}
          {stored && !editing ? (
            <Button
              type="button"
              icon="pi pi-download"
              label={t('emailServerConfig.fetchEmails')}
              severity="secondary"
              loading={fetching.isLoading}
              onClick={fetchNow}
              data-testid="fetch-emails"
            />
          ) : null}
        </div>
      ) : null}

      <ConversationSettingsCard />
      {canManage ? <QuarantineCard /> : null}
    </div>
  );
}
