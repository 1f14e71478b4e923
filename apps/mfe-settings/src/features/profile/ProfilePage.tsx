import '../../i18n/texts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import { SelectButton } from 'primereact/selectbutton';
import { DETAIL_VIEW_MODES, type DetailViewMode } from '@teaminbox/contracts';
import { displayName, initials, PageHeading } from '@teaminbox/ui';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { NotificationSettingsPanel, useAvailability } from '../notification-settings/NotificationSettingsPanel';
import { photoUploadRequested, profileOpened, selectProfile, viewModeChosen } from './profileSlice';

/**
 * /admin/profile: avatar (64 px, the photo or initials), name and email, the photo upload (images only, with the
 * spec's hint), the detail view mode saved on click, the vacation switch and the notification settings.
 */
export default function ProfilePage() {
  const { t } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const profile = useAppSelector(selectProfile);
  // The switch saves at once; it shows the new value while saving.
  const availability = useAvailability();
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    dispatch(profileOpened());
  }, [dispatch]);

  if (!user) return null;
  const name = displayName(user);
  return (
    <div className="flex flex-column gap-3">
      <PageHeading title={t('profile.heading')} />
      <Card>
        <div className="flex align-items-center gap-3 flex-wrap">
          <Avatar
            image={profile.photoUrl ?? undefined}
            label={profile.photoUrl ? undefined : initials(name, user.email)}
            shape="circle"
            style={{ width: 64, height: 64, fontSize: '1.5rem' }}
            imageAlt={name}
            data-testid="profile-avatar"
          />
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

      <Card title={t('profile.photo')}>
        <div className="flex flex-column gap-2">
          <div className="flex align-items-center gap-2 flex-wrap">
            <input
              ref={input}
              id="profile-photo-file"
              type="file"
              accept="image/*"
              className="hidden"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              data-testid="profile-photo-file"
            />
            <Button
              type="button"
              outlined
              icon="pi pi-image"
              label={t('profile.chooseImage')}
              onClick={() => input.current?.click()}
            />
            <span data-testid="profile-photo-chosen">{file?.name ?? ''}</span>
            <Button
              type="button"
              icon="pi pi-upload"
              label={t('profile.savePhoto')}
              disabled={!file}
              loading={profile.uploading}
              onClick={() => {
                if (file) dispatch(photoUploadRequested(file));
              }}
              data-testid="profile-photo-save"
            />
          </div>
          <small className="text-color-secondary">{t('profile.photoHint')}</small>
        </div>
      </Card>

      <Card>
        <div className="flex flex-column gap-3">
          <div className="flex align-items-center gap-3 flex-wrap">
            <span id="profile-view-mode-label">{t('profile.viewMode')}</span>
            <SelectButton
              aria-labelledby="profile-view-mode-label"
              value={profile.viewMode}
              options={DETAIL_VIEW_MODES.map((mode) => ({ value: mode, label: t(`profile.${mode}`) }))}
              onChange={(e) => {
                if (e.value) dispatch(viewModeChosen(e.value as DetailViewMode));
              }}
              allowEmpty={false}
              data-testid="profile-view-mode"
            />
          </div>
          <div className="flex align-items-center gap-2">
            <InputSwitch
              inputId="profile-vacation"
              checked={availability.onVacation}
              onChange={(e) => void availability.save(Boolean(e.value))}
              data-testid="profile-vacation"
            />
            <label htmlFor="profile-vacation">{t('notificationSettings.vacation')}</label>
          </div>
        </div>
      </Card>

      <NotificationSettingsPanel />
    </div>
  );
}
