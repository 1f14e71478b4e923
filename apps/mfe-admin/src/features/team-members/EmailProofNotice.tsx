import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { api } from '@teaminbox/api-client';

type Sending = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * Shown instead of the Send Invitation form while the user's address is not proven: why nothing can be sent, and a
 * button that mails a login link to the user's own address (signing in with it proves the address).
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
      setError(res.message || t('team.proofFailed'));
    } catch {
      setError(t('team.proofFailed'));
    }
    setSending('failed');
  };
  return (
    <Card title={t('team.proofTitle')} data-testid="email-proof">
      <p className="mt-0" data-testid="email-proof-why">
        {t('team.proofWhy', { email })}
      </p>
      {sending === 'sent' ? (
        <p className="m-0" role="status" data-testid="email-proof-sent">
          {t('team.proofSent', { email })}
        </p>
      ) : (
        <Button
          type="button"
          label={t('team.proofSend')}
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
