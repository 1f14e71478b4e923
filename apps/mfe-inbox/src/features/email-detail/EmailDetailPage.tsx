import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import type { Email } from '@teaminbox/contracts';
import { api } from '@teaminbox/api-client';
import { useAppSelector } from '@teaminbox/web-store';
import { selectInbox } from '../inbox-list/inboxListSlice';

/** /admin/email-detail/{id}: a first, minimal detail (subject, sender, body); the full screen comes later. */
export default function EmailDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const listed = useAppSelector(selectInbox).emails.find((e) => e.id === id);
  const [fetched, setFetched] = useState<{ id: string; email: Email | null } | null>(null);

  useEffect(() => {
    if (listed) return;
    let active = true;
    api.getEmail(id).then(
      (email) => active && setFetched({ id, email }),
      () => active && setFetched({ id, email: null }),
    );
    return () => {
      active = false;
    };
  }, [id, listed]);

  const email = listed ?? (fetched?.id === id ? fetched.email : undefined);
  return (
    <div className="flex flex-column gap-3">
      <div>
        <Button
          type="button"
          text
          icon="pi pi-arrow-left"
          label={t('inbox.backToInbox')}
          onClick={() => navigate('/admin/inbox')}
        />
      </div>
      {email === null ? <p data-testid="email-not-found">{t('inbox.notFound')}</p> : null}
      {email ? (
        <Card
          title={<span data-testid="email-detail-subject">{email.subject}</span>}
          subTitle={`${email.fromName || t('inbox.unknownSender')} <${email.fromEmail}>`}
        >
          <div style={{ whiteSpace: 'pre-wrap' }}>{email.body}</div>
        </Card>
      ) : null}
    </div>
  );
}
