import { useTranslation } from 'react-i18next';
import { Chip } from 'primereact/chip';
import { PersonAvatar } from '@teaminbox/ui';
import { selectCurrentUser, useAppSelector, usePersonPhotos } from '@teaminbox/web-store';
import { selectEmailDetail } from './emailDetailSlice';

/** Who else is viewing the email, live, and who of them is writing a reply. */
export function PresenceBar({ emailId }: { emailId: string }) {
  const { t } = useTranslation('inbox');
  const photoOf = usePersonPhotos();
  const me = useAppSelector(selectCurrentUser);
  const presence = useAppSelector(selectEmailDetail).presence[emailId];
  const others = (presence?.viewers ?? []).filter((viewer) => viewer.userId !== me?.id);
  if (others.length === 0) return null;
  return (
    <div className="flex flex-wrap align-items-center gap-2" data-testid="presence">
      <span>{t('emailDetail.watching')}</span>
      {others.map((viewer) => (
        <span key={viewer.userId} className="flex align-items-center gap-1">
          <PersonAvatar
            photo={photoOf(viewer.userId, viewer.email)}
            userId={viewer.userId}
            email={viewer.email}
            name={viewer.name}
            size={24}
          />
          <Chip label={viewer.name || viewer.email} data-testid="presence-viewer" />
        </span>
      ))}
      {others
        .filter((viewer) => viewer.replying)
        .map((viewer) => (
          <em key={`r-${viewer.userId}`}>{t('emailDetail.replying', { name: viewer.name || viewer.email })}</em>
        ))}
    </div>
  );
}
