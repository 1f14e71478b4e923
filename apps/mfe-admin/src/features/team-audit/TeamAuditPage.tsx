import '../../i18n/texts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { ConfirmDialog } from 'primereact/confirmdialog';
import {
  AUDIT_EVENT_TYPES,
  ERASURE_ROLES,
  TEAM_AUDIT_PAGE_SIZE,
  type TeamAuditEntry,
  type TeamAuditExportFormat,
  type TeamAuditFilters,
} from '@teaminbox/contracts';
import { Link, PageHeading } from '@teaminbox/ui';
import {
  selectCurrentRole,
  useAppDispatch,
  useAppSelector,
  useErasePersonalDataMutation,
  useTeamAuditQuery,
  useTeamMembers,
} from '@teaminbox/web-store';
import { auditExportRequested, downloadPercent, selectTeamAudit } from './teamAuditSlice';

const TYPE_OPTIONS = AUDIT_EVENT_TYPES.map((type) => ({ label: type, value: type }));

function Actor({ entry }: { entry: TeamAuditEntry }) {
  const { t } = useTranslation('admin');
  if (entry.actorKind === 'rule') return <span>{t('teamAudit.ruleActor', { name: entry.actorRuleName ?? '' })}</span>;
  if (entry.actorUserId) return <span title={entry.actorUserId}>{entry.actorName ?? entry.actorUserId}</span>;
  return <span>{t('teamAudit.system')}</span>;
}

/** A Calendar with date and time for one end of the range, kept as an ISO instant. */
function InstantField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value?: string;
  onChange: (iso?: string) => void;
}) {
  return (
    <span className="flex flex-column gap-1">
      <label htmlFor={id}>{label}</label>
      <Calendar
        inputId={id}
        value={value ? new Date(value) : null}
        onChange={(e) => onChange(e.value instanceof Date ? e.value.toISOString() : undefined)}
        showTime
        hourFormat="24"
        showButtonBar
        showIcon
        data-testid={id}
      />
    </span>
  );
}

/** A filter of one value chosen from a list (searchable); cleared, it is `undefined` and `anyLabel` shows. */
function ChoiceField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  anyLabel,
  minWidth,
}: {
  id: string;
  label: string;
  value?: T;
  options: { label: string; value: T }[];
  onChange: (value?: T) => void;
  anyLabel: string;
  minWidth: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <span className="flex flex-column gap-1">
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        value={value ?? null}
        options={options}
        onChange={(e) => onChange((e.value as T | null) ?? undefined)}
        placeholder={anyLabel}
        showClear
        filter
        filterPlaceholder={t('teamAudit.search')}
        style={{ minWidth }}
        data-testid={id}
      />
    </span>
  );
}

/**
 * An admin's "Erase personal data": an address, then a confirmation naming what the erasure does (and that the history
 * of who did what stays), then the outcome; the trail is then loaded again (the erasure is its newest entry).
 */
function ErasurePanel({ onErased }: { onErased: () => void }) {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  // The address the last erasure was asked for: the outcome names it.
  const [erasedEmail, setErasedEmail] = useState('');
  const [erase, outcome] = useErasePersonalDataMutation();
  const running = outcome.isLoading;
  const answer = outcome.isSuccess ? outcome.data : null;
  const erasure = {
    status: running ? 'running' : answer ? 'done' : outcome.isError ? 'failed' : 'idle',
    message: outcome.isError ? (outcome.error as { message?: string }).message : erasedEmail,
    erased: answer ? answer.eventId !== null : false,
    remains: answer?.remains ?? [],
    finished: answer ? answer.finished !== false : true,
  };
  const typed = (value: string) => {
    setEmail(value);
    setConfirming(false);
    outcome.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) setConfirming(true);
  };
  const confirmed = () => {
    const address = email.trim();
    setConfirming(false);
    setErasedEmail(address);
    void erase(address).then((result) => {
      if (result.error) return;
      setEmail('');
      onErased();
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-column gap-2 mb-4" data-testid="audit-erasure">
      <h3 className="m-0">{t('teamAudit.erasureHeading')}</h3>
      <small>{t('teamAudit.erasureHelp')}</small>
      <span className="flex flex-wrap align-items-end gap-3">
        <span className="flex flex-column gap-1">
          <label htmlFor="audit-erasure-email">{t('teamAudit.erasureEmail')}</label>
          <InputText
            id="audit-erasure-email"
            type="email"
            value={email}
            onChange={(e) => typed(e.target.value)}
            style={{ minWidth: '22rem' }}
            data-testid="audit-erasure-email"
          />
        </span>
        <Button
          type="submit"
          label={t('teamAudit.erase')}
          icon="pi pi-eraser"
          severity="danger"
          disabled={!email.trim() || running}
          loading={running}
          data-testid="audit-erase"
        />
      </span>
      {erasure.status === 'done' && erasure.erased && (
        <Message
          severity="success"
          text={t('teamAudit.erased', { email: erasure.message })}
          data-testid="audit-erased"
        />
      )}
      {erasure.status === 'done' && erasure.erased && !erasure.finished && (
        <Message
          severity="info"
          text={t('teamAudit.erasureStillRunning', { email: erasure.message })}
          data-testid="audit-erasure-running"
        />
      )}
      {erasure.status === 'done' && erasure.finished && erasure.remains.length > 0 && (
        <div
          className="p-message p-message-warn p-3 flex flex-column gap-2"
          role="alert"
          data-testid="audit-erasure-remains"
        >
          <strong>
            {t(erasure.erased ? 'teamAudit.erasureIncomplete' : 'teamAudit.erasureNothingSealed', {
              email: erasure.message,
            })}
          </strong>
          <span>{t('teamAudit.erasureRemainsHelp')}</span>
          <ul className="m-0">
            {erasure.remains.map((remain) => (
              <li key={remain.eventType} data-testid="audit-erasure-remain">
                {t('teamAudit.erasureRemain', { type: remain.eventType, count: remain.count })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {erasure.status === 'failed' && (
        <Message
          severity="error"
          text={t('teamAudit.erasureFailed', { message: erasure.message })}
          data-testid="audit-erasure-error"
        />
      )}
      <ConfirmDialog
        visible={confirming}
        header={t('teamAudit.erasureConfirmHeader')}
        message={t('teamAudit.erasureConfirm', { email: email.trim() })}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('teamAudit.erasureAccept')}
        rejectLabel={t('teamAudit.erasureReject')}
        acceptClassName="p-button-danger"
        accept={confirmed}
        reject={() => setConfirming(false)}
        onHide={() => setConfirming(false)}
        data-testid="audit-erasure-confirm"
      />
    </form>
  );
}

const NO_ENTRIES: TeamAuditEntry[] = [];

/** What the trail shows: the filters applied and the page. */
interface AuditScope {
  filters: TeamAuditFilters;
  page: number;
  size: number;
}

/**
 * /admin/audit 'Audit trail': every event of the team, newest first, filtered by time range, actor, type and email,
 * page by page; the entries of the filters applied export as CSV or JSON Lines with a progress bar. The trail is
 * loaded afresh on each opening, 'Apply' and page; a failed load shows the server's message and no entries.
 */
export default function TeamAuditPage() {
  const { t, i18n } = useTranslation('admin');
  const dispatch = useAppDispatch();
  // The filters as edited, and what the list shows.
  const [filters, setFilters] = useState<TeamAuditFilters>({});
  const [scope, setScope] = useState<AuditScope>({ filters: {}, page: 0, size: TEAM_AUDIT_PAGE_SIZE });
  const { page, size } = scope;
  const trail = useTeamAuditQuery({ ...scope.filters, page, size }, { refetchOnMountOrArgChange: true });
  const entries = trail.isError ? NO_ENTRIES : (trail.data?.content ?? NO_ENTRIES);
  const totalElements = trail.isError ? 0 : (trail.data?.totalElements ?? 0);
  const error = trail.isError ? ((trail.error as { message?: string }).message ?? null) : null;
  const { download } = useAppSelector(selectTeamAudit);
  const members = useTeamMembers();
  const role = useAppSelector(selectCurrentRole);

  const filterChanged = (change: Partial<TeamAuditFilters>) => setFilters((current) => ({ ...current, ...change }));
  /** The first page with these filters; the same ones again are loaded afresh. */
  const applyFilters = (applied: TeamAuditFilters) => {
    if (page === 0 && JSON.stringify(applied) === JSON.stringify(scope.filters)) void trail.refetch();
    else setScope({ filters: { ...applied }, page: 0, size });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    applyFilters(filters);
  };
  const reset = () => {
    setFilters({});
    applyFilters({});
  };
  const exportAs = (format: TeamAuditExportFormat) =>
    dispatch(auditExportRequested({ format, filters: scope.filters }));
  const running = download?.status === 'running';
  const percent = download ? downloadPercent(download) : null;
  const actorOptions = members.map((member) => ({ label: member.name || member.email, value: member.id }));

  return (
    <section>
      <PageHeading title={t('teamAudit.heading')} />
      {role && ERASURE_ROLES.includes(role) && <ErasurePanel onErased={() => void trail.refetch()} />}
      <form onSubmit={apply} className="flex flex-wrap align-items-end gap-3 mb-3" data-testid="audit-filters">
        <InstantField
          id="audit-from"
          label={t('teamAudit.from')}
          value={filters.from}
          onChange={(from) => filterChanged({ from })}
        />
        <InstantField
          id="audit-to"
          label={t('teamAudit.to')}
          value={filters.to}
          onChange={(to) => filterChanged({ to })}
        />
        <ChoiceField
          id="audit-actor"
          label={t('teamAudit.actor')}
          value={filters.actorId}
          options={actorOptions}
          onChange={(actorId) => filterChanged({ actorId })}
          anyLabel={t('teamAudit.anyActor')}
          minWidth="14rem"
        />
        <ChoiceField
          id="audit-type"
          label={t('teamAudit.type')}
          value={filters.type}
          options={TYPE_OPTIONS}
          onChange={(type) => filterChanged({ type })}
          anyLabel={t('teamAudit.anyType')}
          minWidth="16rem"
        />
        <span className="flex flex-column gap-1">
          <label htmlFor="audit-email-id">{t('teamAudit.emailId')}</label>
          <InputText
            id="audit-email-id"
            value={filters.emailId ?? ''}
            onChange={(e) => filterChanged({ emailId: e.target.value.trim() || undefined })}
            style={{ minWidth: '22rem' }}
            data-testid="audit-email-id"
          />
        </span>
        <Button type="submit" label={t('teamAudit.apply')} icon="pi pi-search" data-testid="audit-apply" />
        <Button
          type="button"
          label={t('teamAudit.reset')}
          severity="secondary"
          onClick={reset}
          data-testid="audit-reset"
        />
      </form>
      <div className="flex flex-wrap align-items-center gap-2 mb-3">
        <Button
          type="button"
          label={t('teamAudit.exportCsv')}
          icon="pi pi-download"
          onClick={() => exportAs('csv')}
          disabled={running}
          data-testid="audit-export-csv"
        />
        <Button
          type="button"
          label={t('teamAudit.exportJsonl')}
          icon="pi pi-download"
          severity="secondary"
          onClick={() => exportAs('jsonl')}
          disabled={running}
          data-testid="audit-export-jsonl"
        />
        {download && (
          <div className="flex flex-column gap-1" style={{ minWidth: '18rem' }} data-testid="audit-export-progress">
            {download.status !== 'failed' && (
              <ProgressBar
                value={percent ?? undefined}
                mode={percent === null && running ? 'indeterminate' : 'determinate'}
                style={{ height: '0.75rem' }}
                showValue={false}
                pt={{ root: { 'aria-label': t('teamAudit.progress') } }}
              />
            )}
            <small role="status" data-status={download.status}>
              {download.status === 'failed'
                ? t('teamAudit.exportFailed', { message: download.error })
                : t(download.status === 'done' ? 'teamAudit.exported' : 'teamAudit.exporting', {
                    rows: download.rows,
                    total: download.total ?? '?',
                    kib: Math.round(download.bytes / 1024),
                  })}
            </small>
          </div>
        )}
      </div>
      {error && <Message severity="error" text={error} className="mb-3" data-testid="audit-error" />}
      <DataTable
        value={entries}
        dataKey="eventId"
        loading={trail.isFetching}
        emptyMessage={t('teamAudit.empty')}
        lazy
        paginator
        first={page * size}
        rows={size}
        totalRecords={totalElements}
        onPage={(event) =>
          setScope((current) => ({
            ...current,
            page: event.page ?? Math.floor(event.first / event.rows),
            size: event.rows || current.size,
          }))
        }
        pt={{ bodyRow: { 'data-testid': 'audit-entry' } as object }}
        data-testid="audit-table"
      >
        <Column
          header={t('teamAudit.occurredAt')}
          body={(entry: TeamAuditEntry) => (
            <time dateTime={entry.occurredAt} data-testid="audit-date">
              {new Date(entry.occurredAt).toLocaleString(i18n.language)}
            </time>
          )}
        />
        <Column
          header={t('teamAudit.type')}
          body={(entry: TeamAuditEntry) => <Tag value={entry.type} severity="secondary" data-testid="audit-type-tag" />}
        />
        <Column header={t('teamAudit.actor')} body={(entry: TeamAuditEntry) => <Actor entry={entry} />} />
        <Column
          header={t('teamAudit.email')}
          body={(entry: TeamAuditEntry) =>
            entry.emailId ? (
              <Link to={`/admin/email-detail/${entry.emailId}`} data-testid="audit-email">
                {entry.emailId}
              </Link>
            ) : null
          }
        />
        <Column
          header={t('teamAudit.correlation')}
          body={(entry: TeamAuditEntry) => <code className="text-xs">{entry.correlationId}</code>}
        />
        <Column
          header={t('teamAudit.details')}
          body={(entry: TeamAuditEntry) => (
            <code className="text-xs" style={{ wordBreak: 'break-all' }} data-testid="audit-payload">
              {JSON.stringify(entry.payload)}
            </code>
          )}
        />
      </DataTable>
    </section>
  );
}
