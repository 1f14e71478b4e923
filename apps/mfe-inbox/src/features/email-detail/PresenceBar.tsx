import { useTranslation } from 'react-i18next';
import { Chip } from 'primereact/chip';
import { selectCurrentUser, useAppSelector } from '@teaminbox/web-store';
import { selectEmailDetail } from './emailDetailSlice';

/** Who else is viewing the email, live, and who of them is writing a reply. */
export function PresenceBar({ emailId }: { emailId: string }) {
  const { t } = useTranslation();
  const me = useAppSelector(selectCurrentUser);
  const presence = useAppSelector(selectEmailDetail).presence[emailId];
  const others = (presence?.viewers ?? []).filter((viewer) => viewer.userId !== me?.id);
  if (others.length === 0) return null;
  return (
    <div className="flex flex-wrap align-items-center gap-2" data-testid="presence">
      <span>{t('emailDetail.watching')}</span>
      {others.map((viewer) => (
        <Chip key={viewer.userId} label={viewer.name || viewer.email} data-testid="presence-viewer" />
      ))}
      {others
        .filter((viewer) => viewer.replying)
        .map((viewer) => (
          <em key={`r-${viewer.userId}`}>{t('emailDetail.replying', { name: viewer.name || viewer.email })}</em>
        ))}
    </div>
  );
}
