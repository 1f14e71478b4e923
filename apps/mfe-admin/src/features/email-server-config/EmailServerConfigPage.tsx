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
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { Field, TextField } from './ConfigFields';
import {
  fieldLocks,
  storedPasswordUsable,
  type EmailServerConfigDraft,
  type PresetKey,
} from './emailServerConfigRules';
import {
  configRequested,
  draftChanged,
  editStarted,
  fetchEmailsRequested,
  foldersRequested,
  messageShown,
  oauthRequested,
  pollingStarted,
  pollingStopped,
  presetApplied,
  quarantineRequested,
  saveRequested,
  selectEmailServerConfig,
  testRequested,
  type ConfigMessage,
} from './emailServerConfigSlice';
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

/**
 * /admin/email-server-config ('IMAP config'): the team mailbox's IMAP, SMTP and general settings, with
 * presets, a connection test, folder selection, OAuth sign-in, a manual fetch, the sync status and the quarantine.
 * Only an ADMIN or a MAINTAINER changes anything; a MEMBER sees the configuration read-only.
 */
export default function EmailServerConfigPage() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectEmailServerConfig);
  const user = useAppSelector(selectCurrentUser);
  const canManage = MANAGER_ROLES.includes(user?.role ?? '');
  const { stored, draft } = state;
  const editing = state.editing && canManage;
  const [searchParams, setSearchParams] = useSearchParams();
  const oauthResult = searchParams.get('oauth');

  useEffect(() => {
    dispatch(configRequested());
    dispatch(pollingStarted());
    return () => {
      dispatch(pollingStopped());
    };
  }, [dispatch]);

  useEffect(() => {
    if (canManage) dispatch(quarantineRequested());
  }, [dispatch, canManage]);

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
  const folderOptions = [...new Set([...state.folders, ...draft.imapFolders])].map((f) => ({ label: f, value: f }));
  const busy = state.testing || state.saving;

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
              loading={state.foldersLoading}
              disabled={!stored || !canManage}
              onClick={() => dispatch(foldersRequested())}
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
              onClick={() => dispatch(oauthRequested('google'))}
              data-testid="oauth-google"
            />
            <Button
              type="button"
              icon="pi pi-microsoft"
              label={t('emailServerConfig.microsoft')}
              outlined
              onClick={() => dispatch(oauthRequested('microsoft'))}
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
                loading={state.testing}
                disabled={busy}
                onClick={() => dispatch(testRequested())}
                data-testid="config-test"
              />
              <Button
                type="button"
                icon="pi pi-check"
                label={t('emailServerConfig.save')}
                loading={state.saving}
                disabled={busy}
                onClick={() => dispatch(saveRequested())}
                data-testid="config-save"
              />
              <Button
                type="button"
                icon="pi pi-times"
                label={t('emailServerConfig.cancel')}
                severity="secondary"
                outlined
                disabled={busy}
                onClick={() => dispatch(configRequested())}
                data-testid="config-cancel"
              />
            </>
          ) : (
            <Button
              type="button"
              icon="pi pi-pencil"
              label={t('emailServerConfig.edit')}
              disabled={state.loading}
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
              loading={state.fetching}
              onClick={() => dispatch(fetchEmailsRequested())}
              data-testid="fetch-emails"
            />
          ) : null}
        </div>
      ) : null}

      {canManage ? (
        <QuarantineCard
          messages={state.quarantine}
          loading={state.quarantineLoading}
          failed={state.quarantineFailed}
          retrying={state.retrying}
        />
      ) : null}
    </div>
  );
}
