import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { OverlayPanel } from 'primereact/overlaypanel';
import { SNOOZE_PRESETS, snoozeUntil } from './snooze-presets';

/**
 * "Send later" beside Send (of a reply, a forward or a new email): the presets of Snooze (later today, tomorrow
 * morning, next week, in the browser's time zone) and a date and time; the message waits in the team's Scheduled list
 * until then.
 */
export function SendLaterButton({
  disabled,
  onSchedule,
  testId = 'reply-send-later',
}: {
  disabled: boolean;
  /** Sends the message as the form holds it, to go at `sendAt` (ISO). */
  onSchedule: (sendAt: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation('inbox');
  const panel = useRef<OverlayPanel>(null);
  const [custom, setCustom] = useState<Date | null>(null);

  const scheduleAt = (at: Date) => {
    panel.current?.hide();
    setCustom(null);
    onSchedule(at.toISOString());
  };

  return (
    <>
      <Button
        type="button"
        outlined
        icon="pi pi-clock"
        label={t('sendLater.sendLater')}
        disabled={disabled}
        onClick={(event) => panel.current?.toggle(event)}
        data-testid={testId}
      />
      <OverlayPanel ref={panel}>
        <div className="flex flex-column gap-2" data-testid="send-later-menu">
          {SNOOZE_PRESETS.map((preset) => (
            <Button
              key={preset}
              type="button"
              text
              label={t(`snooze.${preset}`)}
              onClick={() => scheduleAt(snoozeUntil(preset, new Date()))}
              data-testid={`send-later-${preset}`}
            />
          ))}
          <label htmlFor="send-later-custom">{t('sendLater.custom')}</label>
          <Calendar
            inputId="send-later-custom"
            value={custom}
            onChange={(event) => setCustom(event.value ?? null)}
            showTime
            showSeconds
            hourFormat="24"
            minDate={new Date()}
            data-testid="send-later-custom"
          />
          <Button
            type="button"
            label={t('sendLater.schedule')}
            disabled={!custom}
            onClick={() => custom && scheduleAt(custom)}
            data-testid="send-later-confirm"
          />
        </div>
      </OverlayPanel>
    </>
  );
}
