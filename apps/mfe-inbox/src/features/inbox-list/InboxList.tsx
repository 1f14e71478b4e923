import { type HTMLAttributes, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { Email, Label, TeamMember } from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';
import { formatEmailDate, previewText } from '@teaminbox/ui';
import { noticeRaised, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { pageRequested, selectInbox } from './inboxListSlice';
import { InboxRowContext, LabelChips, RowMenus } from './RowMenus';
import { StatusTags } from './StatusTags';

function SenderCell({ email }: { email: Email }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-column" style={{ minWidth: 0 }}>
      <span className={email.read ? '' : 'font-bold'} data-testid="email-sender">
        {email.fromName || t('inbox.unknownSender')}
      </span>
      <span className="text-sm text-color-secondary">{email.fromEmail}</span>
      <span className="text-sm text-color-secondary" data-testid="email-preview">
        {previewText(email.body)}
      </span>
    </div>
  );
}

const rowProps = { 'data-testid': 'email-row', className: 'cursor-pointer' } as HTMLAttributes<HTMLTableRowElement>;
const ERROR_MS = 3000;

type BulkAction = 'markRead' | 'markUnread' | 'archive' | 'spam';
const BULK_CALLS: Record<BulkAction, (id: string) => Promise<unknown>> = {
  markRead: inboxApi.markRead,
  markUnread: inboxApi.markUnread,
  archive: inboxApi.archive,
  spam: inboxApi.spam,
};

/** The row's star: the caller's personal marker, kept on the server. */
function StarLink({ starred, onToggle }: { starred: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <a
      href="#"
      role="button"
      aria-pressed={starred}
      aria-label={starred ? t('inbox.unstar') : t('inbox.star')}
      title={starred ? t('inbox.unstar') : t('inbox.star')}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onToggle();
      }}
      data-testid="row-star"
    >
      <i className={starred ? 'pi pi-star-fill text-yellow-500' : 'pi pi-star text-color-secondary'} />
    </a>
  );
}

/** The inbox table: sender with preview, subject, date; 'current / total' pagination when needed. */
export function InboxList({ members, labels }: { members: TeamMember[]; labels: Label[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const inbox = useAppSelector(selectInbox);
  const now = new Date();
  const goTo = (page: number) => {
    if (page < 0 || page >= inbox.totalPages) return;
    dispatch(pageRequested(page, inbox.search));
  };
  const showLoading = inbox.loading && inbox.emails.length === 0;

  // Selection (row checkboxes and select-all) covers the emails on screen; emails that leave the list leave it.
  const [selectedIds, setSelectedIds] = useState<Set<string>>(new Set());
  const [starred, setStarred] = useState<Set<string>>(new Set());
  // The table re-renders its cells when its rows change: the star travels in the row.
  const rows = useMemo(
    () => inbox.emails.map((email) => ({ ...email, starred: starred.has(email.id) })),
    [inbox.emails, starred],
  );
  const selection = useMemo(() => rows.filter((email) => selectedIds.has(email.id)), [rows, selectedIds]);
  const [busy, setBusy] = useState(false);
  const rowContext = useMemo(() => ({ members, labels }), [members, labels]);
  const visibleIds = inbox.emails.map((email) => email.id).join(',');
  useEffect(() => {
    let active = true;
    inboxApi.starred(visibleIds ? visibleIds.split(',') : []).then(
      (ids) => active && setStarred(new Set(ids)),
      (error: unknown) => console.warn('Stars not loaded', error),
    );
    return () => {
      active = false;
    };
  }, [visibleIds]);

  const notifyError = (key: string, values?: Record<string, string>) =>
    dispatch(noticeRaised({ severity: 'error', key: `inbox.${key}`, values, lifeMs: ERROR_MS }));

  const toggleStar = async (email: Email) => {
    const on = !starred.has(email.id);
    try {
      await (on ? inboxApi.star(email.id) : inboxApi.unstar(email.id));
      setStarred((current) => {
        const next = new Set(current);
        if (on) next.add(email.id);
        else next.delete(email.id);
        return next;
      });
    } catch {
      notifyError('starError');
    }
  };

  const runBulk = async (action: BulkAction) => {
    setBusy(true);
    const results = await Promise.allSettled(selection.map((email) => BULK_CALLS[action](email.id)));
    setBusy(false);
    const failed = results.filter((result) => result.status === 'rejected').length;
    if (failed > 0) notifyError('bulkError', { count: String(failed) });
    setSelectedIds(new Set());
    dispatch(pageRequested(inbox.page, inbox.search));
  };

  return (
    <InboxRowContext.Provider value={rowContext}>
      {selection.length > 0 ? (
        <div className="flex flex-wrap align-items-center gap-2 mb-2" data-testid="bulk-actions">
          <span data-testid="selected-count">{t('inbox.selected', { count: selection.length })}</span>
          {(['markRead', 'markUnread', 'archive', 'spam'] as const).map((action) => (
            <Button
              key={action}
              type="button"
              size="small"
              outlined
              disabled={busy}
              label={t(`inbox.${action}`)}
              onClick={() => void runBulk(action)}
              data-testid={`bulk-${action}`}
            />
          ))}
          <Button
            type="button"
            size="small"
            text
            label={t('inbox.clearSelection')}
            onClick={() => setSelectedIds(new Set())}
          />
        </div>
      ) : null}
      <DataTable
        value={rows}
        dataKey="id"
        selectionMode="checkbox"
        selection={selection}
        loading={inbox.loading}
        onSelectionChange={(e) => setSelectedIds(new Set((e.value as Email[]).map((email) => email.id)))}
        emptyMessage={showLoading || !inbox.loaded ? t('inbox.loading') : t('inbox.empty')}
        onRowClick={(e) => {
          const target = e.originalEvent.target as HTMLElement;
          if (target.closest('.p-selection-column, .p-checkbox, [data-testid="row-star"], [data-testid="row-menus"]'))
            return;
          navigate(`/admin/email-detail/${(e.data as Email).id}`);
        }}
        pt={{ bodyRow: rowProps }}
        data-testid="email-table"
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
        <Column
          body={(email: Email & { starred: boolean }) => (
            <StarLink starred={email.starred} onToggle={() => void toggleStar(email)} />
          )}
          style={{ width: '2.5rem' }}
        />
        <Column
          header={t('inbox.sender')}
          body={(email: Email) => <SenderCell email={email} />}
          style={{ width: '40%' }}
        />
        <Column
          header={t('inbox.subject')}
          body={(email: Email) => (
            <div className="flex flex-column gap-1 align-items-start">
              <span className={email.read ? '' : 'font-bold'} data-testid="email-subject">
                {email.subject}
              </span>
              <StatusTags email={email} />
            </div>
          )}
        />
        <Column
          header={t('inbox.date')}
          body={(email: Email) => (
            <time dateTime={email.receivedAt} title={new Date(email.receivedAt).toLocaleString(i18n.language)}>
              {formatEmailDate(email.receivedAt, now)}
            </time>
          )}
          style={{ width: '9rem' }}
        />
        <Column header={t('inbox.labels')} body={(email: Email) => <LabelChips email={email} />} />
        <Column body={(email: Email) => <RowMenus email={email} />} />
      </DataTable>
      {inbox.totalPages > 1 ? (
        <div className="flex align-items-center justify-content-center gap-2 mt-3" data-testid="pagination">
          <Button
            type="button"
            text
            icon="pi pi-chevron-left"
            label={t('inbox.previous')}
            disabled={inbox.page <= 0}
            onClick={() => goTo(inbox.page - 1)}
            data-testid="page-previous"
          />
          <span data-testid="page-indicator">
            {inbox.page + 1} / {inbox.totalPages}
          </span>
          <Button
            type="button"
            text
            icon="pi pi-chevron-right"
            iconPos="right"
            label={t('inbox.next')}
            disabled={inbox.page >= inbox.totalPages - 1}
            onClick={() => goTo(inbox.page + 1)}
            data-testid="page-next"
          />
        </div>
      ) : null}
    </InboxRowContext.Provider>
  );
}
