import { useTranslation } from 'react-i18next';
import { Avatar } from 'primereact/avatar';
import { Card } from 'primereact/card';
import { displayName, initials, PageHeading } from '@teaminbox/ui';
import { selectCurrentUser, useAppSelector } from '@teaminbox/web-store';

/** /admin/profile: the current user (avatar with initials, name, email, role). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  const name = displayName(user);
  return (
    <div className="flex flex-column gap-3">
      <PageHeading title={t('profile.heading')} />
      <Card>
        <div className="flex align-items-center gap-3">
          <Avatar label={initials(name, user.email)} size="xlarge" shape="circle" data-testid="profile-avatar" />
          <div className="flex flex-column gap-1">
            <strong className="text-2xl" data-testid="profile-name">
              {name}
            </strong>
            <span data-testid="profile-email">{user.email}</span>
            {user.role ? (
              <span className="text-color-secondary">
                {t('profile.role')}: {user.role}
              </span>
            ) : null}
            <span className="text-color-secondary">
              {t('profile.team')}: {user.teamId ? user.teamId : t('profile.noTeam')}
            </span>
          </div>
        </div>
      </Card>
    </div>
  );
}
