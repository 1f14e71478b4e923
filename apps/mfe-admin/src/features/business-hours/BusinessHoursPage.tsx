import '../../i18n/texts';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import {
  type BusinessHours,
  DEFAULT_BUSINESS_HOURS,
  MAX_INTERVALS_PER_DAY,
  type OpenInterval,
  type Weekday,
  WEEKDAYS,
} from '@teaminbox/contracts';
import { PageHeading } from '@teaminbox/ui';
import {
  noticeRaised,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  useBusinessHoursQuery,
  useSaveBusinessHoursMutation,
} from '@teaminbox/web-store';

/** How long the screen's notices stay: 2 s for a save, 5 s for an error. */
const SUCCESS_MS = 2000;
const ERROR_MS = 5000;

/** The zones the browser knows (the server checks them against its own database). */
function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

/** A calendar day picked in the browser as the date it names (YYYY-MM-DD), and back. */
const isoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const dateOf = (iso: string) =>
  new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

/**
 * The team's business hours (docs/service-levels.md): a time zone, a weekly schedule and holidays, or calendar time
 * when they are off. Every member reads them; an ADMIN or MAINTAINER changes them. A save names the version read: when
 * someone else saved meanwhile, the screen says so and shows what is saved now.
 */
export default function BusinessHoursPage() {
  const hours = useBusinessHoursQuery(undefined, { refetchOnMountOrArgChange: true });
  // A new version read (a save, or what someone else saved) starts the form again from it.
  return (
    <BusinessHoursForm
      key={hours.data ? `v${hours.data.version}` : 'loading'}
      initial={hours.data ?? DEFAULT_BUSINESS_HOURS}
      loaded={hours.isSuccess}
      loadFailed={hours.isError}
      reload={() => void hours.refetch()}
    />
  );
}

function BusinessHoursForm({
  initial,
  loaded,
  loadFailed,
  reload,
}: {
  initial: BusinessHours;
  loaded: boolean;
  loadFailed: boolean;
  reload: () => void;
}) {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectCurrentUser)?.role;
  const canEdit = role === 'ADMIN' || role === 'MAINTAINER';
  const [save, saving] = useSaveBusinessHoursMutation();
  const [draft, setDraft] = useState<BusinessHours>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const zones = useMemo(() => timeZones().map((zone) => ({ label: zone, value: zone })), []);

  const disabled = !canEdit || !loaded || saving.isLoading;
  const setDay = (day: Weekday, intervals: OpenInterval[]) =>
    setDraft((current) => ({ ...current, weekly: { ...current.weekly, [day]: intervals } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const { version, ...definition } = draft;
    void save({ ...definition, expectedVersion: version }).then((result) => {
      if (!result.error) {
        dispatch(noticeRaised({ severity: 'success', key: 'businessHours.saved', lifeMs: SUCCESS_MS }));
        return;
      }
      const failure = result.error as { status?: number; message?: string };
      if (failure.status === 409) {
        dispatch(noticeRaised({ severity: 'warn', key: 'businessHours.conflict', lifeMs: ERROR_MS }));
        reload();
      } else if (failure.status === 400 && failure.message) {
        setProblem(failure.message);
      } else {
        dispatch(noticeRaised({ severity: 'error', key: 'businessHours.saveError', lifeMs: ERROR_MS }));
      }
    });
  };

  return (
    <section>
      <PageHeading title={t('businessHours.title')} />
      <form onSubmit={submit} data-testid="business-hours">
        <Card>
          <p className="mt-0">{t('businessHours.intro')}</p>
          {loadFailed ? <Message severity="warn" text={t('businessHours.loadError')} className="mb-2" /> : null}
          {canEdit ? null : <Message severity="info" text={t('businessHours.editorsOnly')} className="mb-2" />}
          <div className="flex align-items-center gap-2 mb-3">
            <InputSwitch
              inputId="business-hours-enabled"
              checked={draft.enabled}
              disabled={disabled}
              onChange={(event) => setDraft({ ...draft, enabled: Boolean(event.value) })}
              data-testid="business-hours-enabled"
            />
            <label htmlFor="business-hours-enabled">{t('businessHours.enabled')}</label>
          </div>
          <div className="flex flex-column gap-1 mb-3" style={{ maxWidth: '24rem' }}>
            <label htmlFor="business-hours-zone">{t('businessHours.timeZone')}</label>
            <Dropdown
              inputId="business-hours-zone"
              value={draft.timeZone}
              options={zones}
              filter
              filterPlaceholder={t('businessHours.searchZone')}
              disabled={disabled}
              onChange={(event) => setDraft({ ...draft, timeZone: String(event.value) })}
              data-testid="business-hours-zone"
            />
          </div>
          <h2 className="text-lg">{t('businessHours.weekly')}</h2>
          <div className="flex flex-column gap-2" data-testid="business-hours-weekly">
            {WEEKDAYS.map((day) => (
              <DayRow
                key={day}
                day={day}
                intervals={draft.weekly[day]}
                disabled={disabled}
                onChange={(intervals) => setDay(day, intervals)}
              />
            ))}
          </div>
          <p className="text-sm text-color-secondary">{t('businessHours.midnightHelp')}</p>
          <h2 className="text-lg">{t('businessHours.holidays')}</h2>
          <div className="flex flex-column gap-1" style={{ maxWidth: '24rem' }}>
            <label htmlFor="business-hours-holidays">{t('businessHours.holidaysHelp')}</label>
            <Calendar
              inputId="business-hours-holidays"
              selectionMode="multiple"
              dateFormat="yy-mm-dd"
              value={draft.holidays.map(dateOf)}
              disabled={disabled}
              readOnlyInput
              showIcon
              onChange={(event) =>
                setDraft({ ...draft, holidays: [...new Set((event.value ?? []).map(isoDate))].sort() })
              }
              data-testid="business-hours-holidays"
            />
          </div>
          {problem ? (
            <Message severity="error" text={problem} className="mt-3" data-testid="business-hours-problem" />
          ) : null}
          {canEdit ? (
            <Button
              type="submit"
              label={t('businessHours.save')}
              icon="pi pi-check"
              className="mt-3"
              loading={saving.isLoading}
              disabled={disabled}
              data-testid="business-hours-save"
            />
          ) : null}
        </Card>
      </form>
    </section>
  );
}

/** One weekday: its open intervals (from, to as HH:mm) or "Closed". */
function DayRow({
  day,
  intervals,
  disabled,
  onChange,
}: {
  day: Weekday;
  intervals: OpenInterval[];
  disabled: boolean;
  onChange: (intervals: OpenInterval[]) => void;
}) {
  const { t } = useTranslation('admin');
  const dayName = t(`businessHours.days.${day}`);
  const set = (index: number, change: Partial<OpenInterval>) =>
    onChange(intervals.map((interval, i) => (i === index ? { ...interval, ...change } : interval)));
  return (
    <div className="flex align-items-center flex-wrap gap-2" data-testid={`business-hours-${day}`}>
      <span className="font-semibold" style={{ width: '7rem' }}>
        {dayName}
      </span>
      {intervals.length === 0 ? <span className="text-color-secondary">{t('businessHours.closed')}</span> : null}
      {intervals.map((interval, index) => (
        <span key={index} className="flex align-items-center gap-1">
          <InputText
            value={interval.start}
            aria-label={`${dayName} ${t('businessHours.from')}`}
            placeholder="09:00"
            size={5}
            disabled={disabled}
            onChange={(event) => set(index, { start: event.target.value })}
            data-testid={`business-hours-${day}-start-${index}`}
          />
          <span>–</span>
          <InputText
            value={interval.end}
            aria-label={`${dayName} ${t('businessHours.to')}`}
            placeholder="17:00"
            size={5}
            disabled={disabled}
            onChange={(event) => set(index, { end: event.target.value })}
            data-testid={`business-hours-${day}-end-${index}`}
          />
          <Button
            type="button"
            icon="pi pi-times"
            text
            rounded
            aria-label={`${dayName}: ${t('businessHours.removeInterval')}`}
            disabled={disabled}
            onClick={() => onChange(intervals.filter((_, i) => i !== index))}
          />
        </span>
      ))}
      <Button
        type="button"
        icon="pi pi-plus"
        text
        aria-label={`${dayName}: ${t('businessHours.addInterval')}`}
        disabled={disabled || intervals.length >= MAX_INTERVALS_PER_DAY}
        onClick={() => onChange([...intervals, { start: '09:00', end: '17:00' }])}
        data-testid={`business-hours-${day}-add`}
      />
    </div>
  );
}
