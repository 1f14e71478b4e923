import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { EmailDetail } from '@teaminbox/contracts';
import { type ApiFailure, useAppDispatch, useSnoozeEmailMutation, useWakeEmailMutation } from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { SnoozeMenu } from '../../shared/SnoozeMenu';

/**
 * The detail's Snooze: a menu of presets (later today, tomorrow morning, next week, in the browser's time zone) and a
 * date and time for any other moment; a snoozed email shows until when, with "Wake up now".
 */
export function SnoozeControl({ email, disabled }: { email: EmailDetail; disabled: boolean }) {
  const { t, i18n } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const [snooze, snoozing] = useSnoozeEmailMutation();
  const [wake, waking] = useWakeEmailMutation();

  const snoozeTo = async (until: Date): Promise<boolean> => {
    const result = await snooze({ emailId: email.id, until: until.toISOString() });
    if (result.error) {
      const failure = result.error as Partial<ApiFailure>;
      dispatch(notice('error', 'snooze.error', { reason: failure.status === 400 ? (failure.message ?? '') : '' }));
      return false;
    }
    dispatch(notice('success', 'snooze.done', { time: until.toLocaleString(i18n.language) }));
    return true;
  };
  const wakeNow = async () => {
    const result = await wake(email.id);
    dispatch(result.error ? notice('error', 'snooze.wakeError') : notice('success', 'snooze.woken'));
  };

  if (email.snoozedUntil) {
    return (
      <span className="flex align-items-center gap-2" data-testid="snoozed">
        <i className="pi pi-clock" aria-hidden="true" />
        <span>{t('snooze.until', { time: new Date(email.snoozedUntil).toLocaleString(i18n.language) })}</span>
        <Button
          type="button"
          size="small"
          outlined
          label={t('snooze.wakeNow')}
          disabled={disabled || waking.isLoading}
          onClick={() => void wakeNow()}
          data-testid="wake-now"
        />
      </span>
    );
  }
  return <SnoozeMenu disabled={disabled || snoozing.isLoading} onSnooze={snoozeTo} testId="snooze" />;
}
