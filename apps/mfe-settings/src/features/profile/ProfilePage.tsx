import '../../i18n/texts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { SelectButton } from 'primereact/selectbutton';
import { DETAIL_VIEW_MODES, type DetailViewMode, UNDO_SEND_MAX_SECONDS } from '@teaminbox/contracts';
import { displayName, initials, PageHeading } from '@teaminbox/ui';
import {
  noticeRaised,
  profilePhotoChanged,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  usePersonPhotos,
  useSetPreferencesMutation,
  useUploadProfilePhotoMutation,
  useUserPreferencesQuery,
} from '@teaminbox/web-store';
import { NotificationSettingsPanel, useAvailability } from '../notification-settings/NotificationSettingsPanel';

/** The detail view mode is also kept locally (spec section 4); the server value overrides it. */
export const VIEW_MODE_KEY = 'emailDetailViewMode';

function storedViewMode(): DetailViewMode {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(VIEW_MODE_KEY);
  return stored === 'timeline' ? 'timeline' : 'classic';
}

/**
 * /admin/profile: avatar (64 px, the photo or initials), name and email, the photo upload (images only, with the
 * spec's hint), the detail view mode saved on click, the vacation switch and the notification settings.
 */
export default function ProfilePage() {
  const { t } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  // The person's photo as every avatar shows it (loaded at sign-in and again when it changes); null: initials.
  const photoUrl = usePersonPhotos()(user?.id);
  const [upload, { isLoading: uploading }] = useUploadProfilePhotoMutation();
  // The server's view mode overrides the local one (loaded on each opening; a load failure keeps the local one).
  const { data: preferences } = useUserPreferencesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setPreferences] = useSetPreferencesMutation();
  const [chosenMode, setChosenMode] = useState<DetailViewMode | null>(null);
  const viewMode = chosenMode ?? preferences?.emailDetailViewMode ?? storedViewMode();
  // The switch saves at once; it shows the new value while saving.
  const availability = useAvailability();
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const serverMode = preferences?.emailDetailViewMode;
  useEffect(() => {
    if (serverMode) localStorage.setItem(VIEW_MODE_KEY, serverMode);
  }, [serverMode]);

  /** The view mode is saved on click: locally at once, and on the server (a failure is logged by the endpoint). */
  const chooseMode = (mode: DetailViewMode) => {
    setChosenMode(mode);
    localStorage.setItem(VIEW_MODE_KEY, mode);
    void setPreferences({ emailDetailViewMode: mode });
  };

  /** The undo window is saved when the field is left (0 to 30 s); the notice says how it went. */
  const [undoSeconds, setUndoSeconds] = useState<number | null>(null);
  const saveUndoWindow = async () => {
    if (undoSeconds === null || undoSeconds === preferences?.undoSendSeconds) return;
    const result = await setPreferences({ undoSendSeconds: undoSeconds });
    const key = result.error ? 'profile.undoSendFailed' : 'profile.undoSendSaved';
    dispatch(noticeRaised({ severity: result.error ? 'error' : 'success', key, lifeMs: result.error ? 3000 : 2000 }));
    setUndoSeconds(null);
  };

  /** The chosen photo is uploaded; every avatar of the person then loads it again. Both outcomes say so. */
  const uploadPhoto = async (chosen: File) => {
    const result = await upload(chosen);
    if (result.error) {
      dispatch(
        noticeRaised({ severity: 'error', key: 'profile.photoFailed', lifeMs: 2500, closeKey: 'profile.close' }),
      );
      return;
    }
    if (user) dispatch(profilePhotoChanged(user.id));
    dispatch(
      noticeRaised({ severity: 'success', key: 'profile.photoUpdated', lifeMs: 2000, closeKey: 'profile.close' }),
    );
  };

  if (!user) return null;
  const name = displayName(user);
  return (
    <div className="flex flex-column gap-3">
      <PageHeading title={t('profile.heading')} />
      <Card>
        <div className="flex align-items-center gap-3 flex-wrap">
          <Avatar
            image={photoUrl ?? undefined}
            label={photoUrl ? undefined : initials(name, user.email)}
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
              loading={uploading}
              onClick={() => {
                if (file && !uploading) void uploadPhoto(file);
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
              value={viewMode}
              options={DETAIL_VIEW_MODES.map((mode) => ({ value: mode, label: t(`profile.${mode}`) }))}
              onChange={(e) => {
                if (e.value) chooseMode(e.value as DetailViewMode);
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
          <div className="flex flex-column gap-1">
            <label htmlFor="profile-undo-send">{t('profile.undoSend')}</label>
            <InputNumber
              inputId="profile-undo-send"
              value={undoSeconds ?? preferences?.undoSendSeconds ?? null}
              min={0}
              max={UNDO_SEND_MAX_SECONDS}
              showButtons
              onValueChange={(e) => setUndoSeconds(e.value ?? 0)}
              onBlur={() => void saveUndoWindow()}
              data-testid="profile-undo-send"
            />
            <small className="text-color-secondary">{t('profile.undoSendHint')}</small>
          </div>
        </div>
      </Card>

      <NotificationSettingsPanel />
    </div>
  );
}
