import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { TextField, Toggle } from './ConfigFields';
import type { EmailServerConfigDraft } from './emailServerConfigRules';

/** Shown in a password field when a password is stored; the stored value itself never comes back. */
export const STORED_PASSWORD_PLACEHOLDER = '••••••••';

export type MailServer = 'imap' | 'smtp';

const port = (value: string) => (value === '' ? 0 : Number.parseInt(value, 10) || 0);

/**
 * One server's group of the configuration form (IMAP or SMTP): host, port, username, password and its
 * SSL (and, for SMTP, TLS) switches. Inputs and test ids are named `<server>-<field>`; `children` adds
 * inputs to the group's grid (the IMAP folders).
 */
export function ServerFields({
  server,
  draft,
  passwordStored,
  locked,
  onChange,
  children,
}: {
  server: MailServer;
  draft: EmailServerConfigDraft;
  passwordStored: boolean;
  /** What cannot be edited: the server inputs and the password. */
  locked: { server: boolean; password: boolean };
  onChange: (fields: Partial<EmailServerConfigDraft>) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const set = (
    field: 'Host' | 'Port' | 'Username' | 'Password' | 'UseSsl' | 'UseTls',
    value: string | number | boolean,
  ) => onChange({ [`${server}${field}`]: value } as Partial<EmailServerConfigDraft>);
  return (
    <Card title={t(`emailServerConfig.${server}Settings`)}>
      <div className="config-grid">
        <TextField
          id={`${server}-host`}
          label={t('emailServerConfig.host')}
          value={draft[`${server}Host`]}
          disabled={locked.server}
          onChange={(value) => set('Host', value)}
        />
        <TextField
          id={`${server}-port`}
          label={t('emailServerConfig.port')}
          type="number"
          value={String(draft[`${server}Port`])}
          disabled={locked.server}
          onChange={(value) => set('Port', port(value))}
        />
        <TextField
          id={`${server}-username`}
          label={t('emailServerConfig.username')}
          value={draft[`${server}Username`]}
          disabled={locked.server}
          autoComplete="off"
          onChange={(value) => set('Username', value)}
        />
        <TextField
          id={`${server}-password`}
          label={t('emailServerConfig.password')}
          type="password"
          value={draft[`${server}Password`]}
          placeholder={passwordStored ? STORED_PASSWORD_PLACEHOLDER : undefined}
          disabled={locked.password}
          autoComplete="new-password"
          onChange={(value) => set('Password', value)}
        />
        {children}
      </div>
      <div className="flex gap-4 flex-wrap">
        <Toggle
          id={`${server}-ssl`}
          label={t('emailServerConfig.useSsl')}
          checked={draft[`${server}UseSsl`]}
          disabled={locked.server}
          onChange={(value) => set('UseSsl', value)}
        />
        {server === 'smtp' ? (
          <Toggle
            id="smtp-tls"
            label={t('emailServerConfig.useTls')}
            checked={draft.smtpUseTls}
            disabled={locked.server}
            onChange={(value) => set('UseTls', value)}
          />
        ) : null}
      </div>
    </Card>
  );
}
