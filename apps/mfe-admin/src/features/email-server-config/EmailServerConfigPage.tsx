import './email-server-config.css';
import { useEffect, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { MultiSelect } from 'primereact/multiselect';
import { ProgressBar } from 'primereact/progressbar';
import type { EmailServerConfig, MailAuthType, OAuthProvider } from '@teaminbox/api-client';
import type { QuarantinedMessage } from '@teaminbox/contracts';
import { PageHeading } from '@teaminbox/ui';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
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
  quarantineRetryRequested,
  quarantineSourceRequested,
  saveRequested,
  selectEmailServerConfig,
  testRequested,
  type ConfigMessage,
} from './emailServerConfigSlice';

/** Shown in a password field when a password is stored; the stored value itself never comes back. */
export const STORED_PASSWORD_PLACEHOLDER = '••••••••';

const PRESET_KEYS: { key: PresetKey; label: string }[] = [
  { key: 'gmail', label: 'presetGmail' },
  { key: 'outlook', label: 'presetOutlook' },
  { key: 'yahoo', label: 'presetYahoo' },
];

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="config-field flex flex-column gap-1">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

function Toggle({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="config-toggle flex align-items-center gap-2">
      <Checkbox
        inputId={id}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(Boolean(e.checked))}
        data-testid={id}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function useMessageText(message: ConfigMessage | null): string {
  const { t } = useTranslation();
  if (!message) return '';
  if (message.text !== undefined) return message.text;
  return t(`emailServerConfig.${message.key}`, message.params ?? {});
}

function SyncStatus({ config }: { config: EmailServerConfig }) {
  const { t, i18n } = useTranslation();
  const time = (value: string) => new Date(value).toLocaleString(i18n.language);
  const progress = config.syncProgress;
  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  return (
    <div className="flex flex-column gap-2">
      <span data-testid="last-sync">
        {config.lastSyncAt
          ? t('emailServerConfig.lastSync', { time: time(config.lastSyncAt) })
          : t('emailServerConfig.neverSynced')}
      </span>
      {config.lastError ? (
        <Message
          severity="warn"
          text={t('emailServerConfig.lastError', {
            time: config.lastErrorAt ? time(config.lastErrorAt) : '',
            error: config.lastError,
          })}
          data-testid="last-error"
        />
      ) : null}
      {progress ? (
        <div data-testid="sync-progress">
          <span>{t('emailServerConfig.syncProgress', { done: progress.done, total: progress.total })}</span>
          <ProgressBar value={percent} />
        </div>
      ) : null}
    </div>
  );
}

/** Roles that may change the team's mailbox; a MEMBER sees the configuration read-only. */
const MANAGER_ROLES = ['ADMIN', 'MAINTAINER'];

/**
 * Messages that could not be imported, for ADMIN and MAINTAINER: each with its folder, reason and attempts, the
 * original to download (when it was stored) and a Retry.
 */
function QuarantineCard({
  messages,
  loading,
  failed,
  retrying,
}: {
  messages: QuarantinedMessage[];
  loading: boolean;
  failed: boolean;
  retrying: string | null;
}) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const size = (bytes: number | null) =>
    bytes === null
      ? ''
      : bytes < 1024 * 1024
        ? `${Math.ceil(bytes / 1024)} kB`
        : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return (
    <Card title={t('emailServerConfig.quarantine')} data-testid="quarantine">
      <p className="mt-0">{t('emailServerConfig.quarantineIntro')}</p>
      {failed ? <Message severity="warn" text={t('emailServerConfig.quarantineLoadFailed')} className="mb-2" /> : null}
      <DataTable
        value={messages}
        dataKey="id"
        loading={loading}
        size="small"
        emptyMessage={t('emailServerConfig.quarantineEmpty')}
        pt={{ bodyRow: { 'data-testid': 'quarantine-row' } as HTMLAttributes<HTMLTableRowElement> }}
      >
        <Column field="folder" header={t('emailServerConfig.quarantineFolder')} />
        <Column field="uid" header="UID" />
        <Column
          header={t('emailServerConfig.quarantineReason')}
          body={(row: QuarantinedMessage) => <span data-testid="quarantine-reason">{row.reason}</span>}
        />
        <Column header={t('emailServerConfig.quarantineSize')} body={(row: QuarantinedMessage) => size(row.size)} />
        <Column
          header={t('emailServerConfig.quarantinedAt')}
          body={(row: QuarantinedMessage) => new Date(row.quarantinedAt).toLocaleString(i18n.language)}
        />
        <Column
          header={t('emailServerConfig.quarantineAttempts')}
          body={(row: QuarantinedMessage) => <span data-testid="quarantine-attempts">{row.attempts}</span>}
        />
        <Column
          body={(row: QuarantinedMessage) => (
            <div className="flex gap-2">
              <Button
                type="button"
                icon="pi pi-download"
                text
                label={t('emailServerConfig.quarantineDownload')}
                disabled={!row.hasSource}
                tooltip={row.hasSource ? undefined : t('emailServerConfig.quarantineNoSource')}
                onClick={() => dispatch(quarantineSourceRequested({ id: row.id, uid: row.uid }))}
                data-testid="quarantine-download"
              />
              <Button
                type="button"
                icon="pi pi-refresh"
                outlined
                label={t('emailServerConfig.quarantineRetry')}
                loading={retrying === row.id}
                disabled={retrying !== null}
                onClick={() => dispatch(quarantineRetryRequested(row.id))}
                data-testid="quarantine-retry"
              />
            </div>
          )}
        />
      </DataTable>
    </Card>
  );
}

/**
 * /admin/email-server-config ('IMAP config'): the team mailbox's IMAP, SMTP and general settings, with
 * presets, a connection test, folder selection, OAuth sign-in, a manual fetch, the sync status and the quarantine.
 * Only an ADMIN or a MAINTAINER changes anything; a MEMBER sees the configuration read-only.
 */
export default function EmailServerConfigPage() {
  const { t } = useTranslation();
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
  const serverOff = off || locks.server;
  const passwordsOff = off || locks.passwords;
  const change = (fields: Partial<EmailServerConfigDraft>) => dispatch(draftChanged(fields));
  const port = (value: string) => (value === '' ? 0 : Number.parseInt(value, 10) || 0);
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

      <Card title={t('emailServerConfig.imapSettings')}>
        <div className="config-grid">
          <Field id="imap-host" label={t('emailServerConfig.host')}>
            <InputText
              id="imap-host"
              value={draft.imapHost}
              disabled={serverOff}
              onChange={(e) => change({ imapHost: e.target.value })}
              data-testid="imap-host"
            />
          </Field>
          <Field id="imap-port" label={t('emailServerConfig.port')}>
            <InputText
              id="imap-port"
              type="number"
              value={String(draft.imapPort)}
              disabled={serverOff}
              onChange={(e) => change({ imapPort: port(e.target.value) })}
              data-testid="imap-port"
            />
          </Field>
          <Field id="imap-username" label={t('emailServerConfig.username')}>
            <InputText
              id="imap-username"
              value={draft.imapUsername}
              disabled={serverOff}
              autoComplete="off"
              onChange={(e) => change({ imapUsername: e.target.value })}
              data-testid="imap-username"
            />
          </Field>
          <Field id="imap-password" label={t('emailServerConfig.password')}>
            <InputText
              id="imap-password"
              type="password"
              value={draft.imapPassword}
              placeholder={storedPasswordUsable('imap', draft, stored) ? STORED_PASSWORD_PLACEHOLDER : undefined}
              disabled={passwordsOff}
              autoComplete="new-password"
              onChange={(e) => change({ imapPassword: e.target.value })}
              data-testid="imap-password"
            />
          </Field>
          <Field id="imap-folder" label={t('emailServerConfig.folder')}>
            <InputText
              id="imap-folder"
              value={draft.imapFolder}
              disabled={off}
              onChange={(e) => change({ imapFolder: e.target.value })}
              data-testid="imap-folder"
            />
          </Field>
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
        </div>
        <Toggle
          id="imap-ssl"
          label={t('emailServerConfig.useSsl')}
          checked={draft.imapUseSsl}
          disabled={serverOff}
          onChange={(imapUseSsl) => change({ imapUseSsl })}
        />
      </Card>

      <Card title={t('emailServerConfig.smtpSettings')}>
        <div className="config-grid">
          <Field id="smtp-host" label={t('emailServerConfig.host')}>
            <InputText
              id="smtp-host"
              value={draft.smtpHost}
              disabled={serverOff}
              onChange={(e) => change({ smtpHost: e.target.value })}
              data-testid="smtp-host"
            />
          </Field>
          <Field id="smtp-port" label={t('emailServerConfig.port')}>
            <InputText
              id="smtp-port"
              type="number"
              value={String(draft.smtpPort)}
              disabled={serverOff}
              onChange={(e) => change({ smtpPort: port(e.target.value) })}
              data-testid="smtp-port"
            />
          </Field>
          <Field id="smtp-username" label={t('emailServerConfig.username')}>
            <InputText
              id="smtp-username"
              value={draft.smtpUsername}
              disabled={serverOff}
              autoComplete="off"
              onChange={(e) => change({ smtpUsername: e.target.value })}
              data-testid="smtp-username"
            />
          </Field>
          <Field id="smtp-password" label={t('emailServerConfig.password')}>
            <InputText
              id="smtp-password"
              type="password"
              value={draft.smtpPassword}
              placeholder={storedPasswordUsable('smtp', draft, stored) ? STORED_PASSWORD_PLACEHOLDER : undefined}
              disabled={passwordsOff}
              autoComplete="new-password"
              onChange={(e) => change({ smtpPassword: e.target.value })}
              data-testid="smtp-password"
            />
          </Field>
        </div>
        <div className="flex gap-4 flex-wrap">
          <Toggle
            id="smtp-ssl"
            label={t('emailServerConfig.useSsl')}
            checked={draft.smtpUseSsl}
            disabled={serverOff}
            onChange={(smtpUseSsl) => change({ smtpUseSsl })}
          />
          <Toggle
            id="smtp-tls"
            label={t('emailServerConfig.useTls')}
            checked={draft.smtpUseTls}
            disabled={serverOff}
            onChange={(smtpUseTls) => change({ smtpUseTls })}
          />
        </div>
      </Card>

      <Card title={t('emailServerConfig.generalSettings')}>
        <div className="config-grid">
          <Field id="from-email" label={t('emailServerConfig.fromEmail')}>
            <InputText
              id="from-email"
              type="email"
              value={draft.fromEmail}
              disabled={off}
              readOnly={locks.fromEmail}
              onChange={(e) => change({ fromEmail: e.target.value })}
              data-testid="from-email"
            />
          </Field>
          <Field id="from-name" label={t('emailServerConfig.fromName')}>
            <InputText
              id="from-name"
              value={draft.fromName}
              disabled={off}
              onChange={(e) => change({ fromName: e.target.value })}
              data-testid="from-name"
            />
          </Field>
          <Field id="auth-type" label={t('emailServerConfig.authType')}>
            <Dropdown
              inputId="auth-type"
              value={draft.authType}
              options={[
                { label: t('emailServerConfig.authPassword'), value: 'PASSWORD' },
                { label: t('emailServerConfig.authOauth2'), value: 'OAUTH2' },
              ]}
              disabled={off}
              onChange={(e) => change({ authType: e.value as MailAuthType })}
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
