import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { api } from '@teaminbox/api-client';

type Sending = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * Shown while the user's address is not proven (instead of the Send Invitation form, and above the notification
 * settings): why no invitation or notification email is sent, and a button that mails a login link to the user's own
 * address (signing in with it proves the address).
 */
export function EmailProofNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState<Sending>('idle');
  const [error, setError] = useState('');
  const send = async () => {
    setSending('sending');
    try {
      const res = await api.sendLoginLink(email);
      if (res.success) {
        setSending('sent');
        return;
      }
      setError(res.message || t('emailProof.failed'));
    } catch {
      setError(t('emailProof.failed'));
    }
    setSending('failed');
  };
  return (
    <Card title={t('emailProof.title')} data-testid="email-proof">
      <p className="mt-0" data-testid="email-proof-why">
        {t('emailProof.why', { email })}
      </p>
      {sending === 'sent' ? (
        <p className="m-0" role="status" data-testid="email-proof-sent">
          {t('emailProof.sent', { email })}
        </p>
      ) : (
        <Button
          type="button"
          label={t('emailProof.send')}
          icon="pi pi-envelope"
          loading={sending === 'sending'}
          onClick={() => void send()}
          data-testid="email-proof-send"
        />
      )}
      {sending === 'failed' ? (
        <p className="mb-0 text-red-600" role="alert" data-testid="email-proof-error">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
