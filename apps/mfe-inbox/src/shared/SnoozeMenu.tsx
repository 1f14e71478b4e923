import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { OverlayPanel } from 'primereact/overlaypanel';
import { SNOOZE_PRESETS, snoozeUntil } from '../features/email-detail/snooze-presets';

/**
 * The Snooze button and its menu: the presets (later today, tomorrow morning, next week, in the browser's time zone)
 * and a date and time for any other moment. `onSnooze` gets the chosen time; the menu closes, and a date picked is
 * cleared once `onSnooze` resolves to true. Used by the detail (`testId` 'snooze') and the list's selection bar.
 */
export function SnoozeMenu({
  disabled,
  onSnooze,
  testId,
}: {
  disabled: boolean;
  onSnooze: (until: Date) => Promise<boolean>;
  testId: string;
}) {
  const { t } = useTranslation('inbox');
  const panel = useRef<OverlayPanel>(null);
  const [custom, setCustom] = useState<Date | null>(null);
  const choose = async (until: Date) => {
    panel.current?.hide();
    if (await onSnooze(until)) setCustom(null);
  };
  return (
    <>
      <Button
        type="button"
        size="small"
        outlined
        icon="pi pi-clock"
        label={t('snooze.snooze')}
        disabled={disabled}
        onClick={(event) => panel.current?.toggle(event)}
        data-testid={testId}
      />
      <OverlayPanel ref={panel}>
        <div className="flex flex-column gap-2" data-testid={`${testId}-menu`}>
          {SNOOZE_PRESETS.map((preset) => (
            <Button
              key={preset}
              type="button"
              text
              label={t(`snooze.${preset}`)}
              onClick={() => void choose(snoozeUntil(preset, new Date()))}
              data-testid={`${testId}-${preset}`}
            />
          ))}
          <label htmlFor={`${testId}-custom`}>{t('snooze.custom')}</label>
          <Calendar
            inputId={`${testId}-custom`}
            value={custom}
            onChange={(event) => setCustom(event.value ?? null)}
            showTime
            showSeconds
            hourFormat="24"
            minDate={new Date()}
            data-testid={`${testId}-custom`}
          />
          <Button
            type="button"
            label={t('snooze.snooze')}
            disabled={!custom}
            onClick={() => custom && void choose(custom)}
            data-testid={`${testId}-custom-confirm`}
          />
        </div>
      </OverlayPanel>
    </>
  );
}
