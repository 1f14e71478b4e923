import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import type { DetailViewMode, EmailDetail } from '@teaminbox/contracts';
import { selectCanWrite, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { useNavigate } from '@teaminbox/ui';
import { commandRequested, selectEmailDetail, viewModeChosen } from './emailDetailSlice';

/** Back to the inbox. */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      text
      icon="pi pi-arrow-left"
      label={t('emailDetail.back')}
      onClick={() => navigate('/admin/inbox')}
    />
  );
}

/** The bar above the email: back, the view mode (classic or timeline), mute, archive and spam (not for an auditor). */
export function DetailToolbar({ email }: { email: EmailDetail }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { viewMode } = useAppSelector(selectEmailDetail);
  const canWrite = useAppSelector(selectCanWrite);
  // Each toggle names the command it runs now: mute or unmute, archive or unarchive, spam or not spam.
  const toggles = [
    {
      kind: email.muted ? 'unmute' : 'mute',
      icon: email.muted ? 'pi pi-bell' : 'pi pi-bell-slash',
      testId: 'mute-toggle',
    },
    { kind: email.isArchived ? 'unarchive' : 'archive', icon: 'pi pi-inbox', testId: 'archive-toggle' },
    { kind: email.isSpam ? 'notSpam' : 'spam', icon: 'pi pi-ban', testId: 'spam-toggle' },
  ] as const;
  return (
    <div className="flex flex-wrap align-items-center gap-2">
      <BackButton />
      <SelectButton
        value={viewMode}
        allowEmpty={false}
        onChange={(e) => dispatch(viewModeChosen(e.value as DetailViewMode))}
        options={[
          { value: 'classic', label: t('emailDetail.viewClassic') },
          { value: 'timeline', label: t('emailDetail.viewTimeline') },
        ]}
        data-testid="view-mode"
      />
      <span className="flex-1" />
      {(canWrite ? toggles : []).map((toggle) => (
        <Button
          key={toggle.testId}
          type="button"
          size="small"
          outlined
          severity={toggle.testId === 'spam-toggle' ? 'danger' : undefined}
          icon={toggle.icon}
          label={t(`emailDetail.${toggle.kind}`)}
          onClick={() => dispatch(commandRequested(email.id, { kind: toggle.kind }))}
          data-testid={toggle.testId}
        />
      ))}
    </div>
  );
}
