import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { EMAIL_HISTORY_READER_ROLES, type DetailViewMode, type EmailDetail } from '@teaminbox/contracts';
import { selectCanWrite, selectCurrentUser, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { useNavigate } from '@teaminbox/ui';
import { commandRequested, viewModeChosen } from './emailDetailSlice';
import { historyViewToggled, selectEmailHistory } from './emailHistorySlice';
import { SnoozeControl } from './SnoozeControl';
import { useViewMode } from './view-mode';

/** Back to the inbox. */
export function BackButton() {
  const { t } = useTranslation('inbox');
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

/**
 * The bar above the email: back, the view mode (classic or timeline), the History view (for its readers), snooze,
 * mute, archive and spam (not for an auditor). `readOnly` (a past state is shown) disables every action.
 */
export function DetailToolbar({ email, readOnly = false }: { email: EmailDetail; readOnly?: boolean }) {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const viewMode = useViewMode();
  const history = useAppSelector(selectEmailHistory);
  const role = useAppSelector(selectCurrentUser)?.role;
  const historyReader = (EMAIL_HISTORY_READER_ROLES as readonly string[]).includes(role ?? '');
  const historyOpen = history.emailId === email.id && history.open;
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
      {historyReader && (
        <Button
          type="button"
          outlined={!historyOpen}
          aria-pressed={historyOpen}
          icon="pi pi-history"
          label={t('emailHistory.toggle')}
          onClick={() => dispatch(historyViewToggled({ emailId: email.id, open: !historyOpen }))}
          data-testid="history-toggle"
        />
      )}
      <span className="flex-1" />
      {canWrite && <SnoozeControl email={email} disabled={readOnly} />}
      {(canWrite ? toggles : []).map((toggle) => (
        <Button
          key={toggle.testId}
          type="button"
          size="small"
          outlined
          severity={toggle.testId === 'spam-toggle' ? 'danger' : undefined}
          icon={toggle.icon}
          label={t(`emailDetail.${toggle.kind}`)}
          disabled={readOnly}
          onClick={() => dispatch(commandRequested(email.id, { kind: toggle.kind }))}
          data-testid={toggle.testId}
        />
      ))}
    </div>
  );
}
