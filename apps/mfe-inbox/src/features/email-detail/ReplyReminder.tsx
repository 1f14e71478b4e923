import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { REMINDER_PRESETS, reminderAt } from './reply-reminder';
import { reminderChosen, selectReply } from './replySlice';

/**
 * "Remind me if no answer by" of the reply form: presets (in 1 day, in 3 days, in a week) or a date and time; the
 * reply sent next carries it, and the conversation comes back to its assignee, unread, unless the customer answers
 * before. A chosen reminder shows its time, with 'No reminder' to drop it.
 */
export function ReplyReminder() {
  const { t, i18n } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const { remindAt } = useAppSelector(selectReply);
  const panel = useRef<OverlayPanel>(null);
  const [custom, setCustom] = useState<Date | null>(null);

  const choose = (at: Date) => {
    panel.current?.hide();
    setCustom(null);
    dispatch(reminderChosen(at.toISOString()));
  };

  if (remindAt) {
    return (
      <span className="flex align-items-center gap-2" data-testid="reply-reminder">
        <i className="pi pi-bell" aria-hidden="true" />
        <span>{t('reminder.until', { time: new Date(remindAt).toLocaleString(i18n.language) })}</span>
        <Button
          type="button"
          size="small"
          text
          label={t('reminder.clear')}
          onClick={() => dispatch(reminderChosen(null))}
          data-testid="reply-remind-clear"
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
        icon="pi pi-bell"
        label={t('reminder.remind')}
        className="align-self-start"
        onClick={(event) => panel.current?.toggle(event)}
        data-testid="reply-remind"
      />
      <OverlayPanel ref={panel}>
        <div className="flex flex-column gap-2" data-testid="reply-remind-menu">
          {REMINDER_PRESETS.map((preset) => (
            <Button
              key={preset}
              type="button"
              text
              label={t(`reminder.${preset}`)}
              onClick={() => choose(reminderAt(preset, new Date()))}
              data-testid={`reply-remind-${preset}`}
            />
          ))}
          <label htmlFor="reply-remind-custom">{t('reminder.custom')}</label>
          <Calendar
            inputId="reply-remind-custom"
            value={custom}
            onChange={(event) => setCustom(event.value ?? null)}
            showTime
            hourFormat="24"
            minDate={new Date()}
            data-testid="reply-remind-custom"
          />
          <Button
            type="button"
            label={t('reminder.set')}
            disabled={!custom}
            onClick={() => custom && choose(custom)}
            data-testid="reply-remind-custom-confirm"
          />
        </div>
      </OverlayPanel>
    </>
  );
}
