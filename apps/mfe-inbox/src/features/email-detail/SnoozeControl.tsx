import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { OverlayPanel } from 'primereact/overlaypanel';
import type { EmailDetail } from '@teaminbox/contracts';
import { type ApiFailure, useAppDispatch, useSnoozeEmailMutation, useWakeEmailMutation } from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { SNOOZE_PRESETS, snoozeUntil } from './snooze-presets';

/**
 * The detail's Snooze: a menu of presets (later today, tomorrow morning, next week, in the browser's time zone) and a
 * date and time for any other moment; a snoozed email shows until when, with "Wake up now".
 */
export function SnoozeControl({ email, disabled }: { email: EmailDetail; disabled: boolean }) {
  const { t, i18n } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const panel = useRef<OverlayPanel>(null);
  const [custom, setCustom] = useState<Date | null>(null);
  const [snooze, snoozing] = useSnoozeEmailMutation();
  const [wake, waking] = useWakeEmailMutation();

  const snoozeTo = async (until: Date) => {
    panel.current?.hide();
    const result = await snooze({ emailId: email.id, until: until.toISOString() });
    if (result.error) {
      const failure = result.error as Partial<ApiFailure>;
      dispatch(notice('error', 'snooze.error', { reason: failure.status === 400 ? (failure.message ?? '') : '' }));
      return;
    }
    setCustom(null);
    dispatch(notice('success', 'snooze.done', { time: until.toLocaleString(i18n.language) }));
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
  return (
    <>
      <Button
        type="button"
        size="small"
        outlined
        icon="pi pi-clock"
        label={t('snooze.snooze')}
        disabled={disabled || snoozing.isLoading}
        onClick={(event) => panel.current?.toggle(event)}
        data-testid="snooze"
      />
      <OverlayPanel ref={panel}>
        <div className="flex flex-column gap-2" data-testid="snooze-menu">
          {SNOOZE_PRESETS.map((preset) => (
            <Button
              key={preset}
              type="button"
              text
              label={t(`snooze.${preset}`)}
              onClick={() => void snoozeTo(snoozeUntil(preset, new Date()))}
              data-testid={`snooze-${preset}`}
            />
          ))}
          <label htmlFor="snooze-custom">{t('snooze.custom')}</label>
          <Calendar
            inputId="snooze-custom"
            value={custom}
            onChange={(event) => setCustom(event.value ?? null)}
            showTime
            showSeconds
            hourFormat="24"
            minDate={new Date()}
            data-testid="snooze-custom"
          />
          <Button
            type="button"
            label={t('snooze.snooze')}
            disabled={!custom}
            onClick={() => custom && void snoozeTo(custom)}
            data-testid="snooze-custom-confirm"
          />
        </div>
      </OverlayPanel>
    </>
  );
}
