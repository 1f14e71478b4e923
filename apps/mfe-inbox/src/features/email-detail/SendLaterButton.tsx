import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { OverlayPanel } from 'primereact/overlaypanel';
import { SNOOZE_PRESETS, snoozeUntil } from './snooze-presets';
import { UndoSendToast } from './UndoSendToast';

/**
 * "Send later" beside Send: the presets of Snooze (later today, tomorrow morning, next week, in the browser's time
 * zone) and a date and time; the reply waits in the team's Scheduled list until then. With it, the toast that offers
 * to undo each send while it waits.
 */
export function SendLaterButton({
  disabled,
  onSchedule,
}: {
  disabled: boolean;
  /** Sends the reply as the form holds it, to go at `sendAt` (ISO). */
  onSchedule: (sendAt: string) => void;
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
        data-testid="reply-send-later"
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
      <UndoSendToast />
    </>
  );
}
