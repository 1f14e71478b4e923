import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import type { EmailDetail } from '@teaminbox/contracts';
import { EmailBody, EmailMeta } from '../../shared/EmailParts';

/**
 * The email itself: subject, sender, metadata and body; remote images stay blocked until the user allows them. A
 * message a member composed to start the conversation says who sent it, and shows its Bcc recipients.
 */
export function EmailCard({ email }: { email: EmailDetail }) {
  const { t } = useTranslation('inbox');
  const [remoteImagesFor, setRemoteImagesFor] = useState<string | null>(null);
  const remoteImages = remoteImagesFor === email.id;
  const sender = `${email.fromName || t('inbox.unknownSender')} <${email.fromEmail}>`;
  return (
    <Card
      title={<span data-testid="email-detail-subject">{email.subject}</span>}
      subTitle={
        email.composedBy ? (
          <span data-testid="email-detail-sent-by">
            {t('emailDetail.sentBy', { name: email.composedBy.name ?? email.fromEmail })} · {sender}
          </span>
        ) : (
          sender
        )
      }
    >
      <EmailMeta email={email} ns="emailDetail" hideEmptyCc testId="email-meta" />
      {email.htmlBody && email.remoteImages > 0 && !remoteImages ? (
        <div className="flex align-items-center gap-2 mb-2" data-testid="remote-images-bar">
          <span>{t('emailDetail.remoteBlocked', { count: email.remoteImages })}</span>
          <Button
            type="button"
            size="small"
            text
            label={t('emailDetail.showImages')}
            onClick={() => setRemoteImagesFor(email.id)}
          />
        </div>
      ) : null}
      <EmailBody email={email} allowRemoteImages={remoteImages} height="60vh" testId="email-body" />
    </Card>
  );
}
