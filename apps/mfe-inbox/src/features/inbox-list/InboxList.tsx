import type { HTMLAttributes } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { Email, Label, TeamMember } from '@teaminbox/contracts';
import { formatEmailDate, previewText } from '@teaminbox/ui';
import { useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { pageRequested, selectInbox } from './inboxListSlice';
import { LabelChips, RowMenus } from './RowMenus';

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

  return (
    <div>
      <DataTable
        value={inbox.emails}
        dataKey="id"
        emptyMessage={showLoading || !inbox.loaded ? t('inbox.loading') : t('inbox.empty')}
        onRowClick={(e) => navigate(`/admin/email-detail/${(e.data as Email).id}`)}
        pt={{ bodyRow: rowProps }}
        data-testid="email-table"
      >
        <Column
          header={t('inbox.sender')}
          body={(email: Email) => <SenderCell email={email} />}
          style={{ width: '40%' }}
        />
        <Column
          header={t('inbox.subject')}
          body={(email: Email) => (
            <span className={email.read ? '' : 'font-bold'} data-testid="email-subject">
              {email.subject}
            </span>
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
        <Column header={t('inbox.labels')} body={(email: Email) => <LabelChips email={email} labels={labels} />} />
        <Column body={(email: Email) => <RowMenus email={email} members={members} labels={labels} />} />
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
    </div>
  );
}
