import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';

type Sending = 'idle' | 'sending' | 'sent' | 'failed';

export interface EmailProofCardProps {
  email: string;
  /** Mails a login link to `email`: the answer's message is shown when it did not succeed. */
  send: () => Promise<{ success: boolean; message?: string }>;
}

/**
 * Shown while the user's address is not proven (instead of the Send Invitation form, and above the notification
 * settings): why no invitation or notification email is sent, and a button that mails a login link to the user's own
 * address (signing in with it proves the address).
 */
export function EmailProofCard({ email, send: sendLink }: EmailProofCardProps) {
  const { t } = useTranslation();
  const [sending, setSending] = useState<Sending>('idle');
  const [error, setError] = useState('');
  const send = async () => {
    setSending('sending');
    try {
      const res = await sendLink();
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
