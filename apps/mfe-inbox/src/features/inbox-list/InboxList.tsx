import './inbox-list.css';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ariaLabel } from 'primereact/api';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { Email, ListDensity } from '@teaminbox/contracts';
import { firstScreenShown } from '@teaminbox/api-client';
import { formatEmailDate, previewText, useNavigate } from '@teaminbox/ui';
import { selectCanWrite, useAppDispatch, useAppSelector, type BulkAction } from '@teaminbox/web-store';
import { pageRequested, selectInbox, selectionChanged } from './inboxListSlice';
import { useBulkAction, useStarToggle } from './rowActions';
import type { InboxList as InboxListData } from './useInboxList';
import { ConversationCount, participantNames } from './ConversationSummary';
import { MergeConversationsButton } from './InboxToolbar';
import { LabelChips, RowMenus } from './RowMenus';
import { StatusTags } from './StatusTags';
import { SnoozeMenu } from '../../shared/SnoozeMenu';

type Row = Email & { starred: boolean };

/**
 * The sender's name (bold while unread); its address under it, in the comfortable density only. A conversation row
 * shows its latest sender with the message count, and the participants instead of the address.
 */
export function SenderCell({ email }: { email: Email }) {
  const { t } = useTranslation('inbox');
  const conversation = email.conversation;
  const participants = conversation ? participantNames(conversation) : '';
  const title = `${email.fromName ?? ''} <${email.fromEmail}>`;
  return (
    <div
      className="inbox-sender inbox-cell"
      title={participants ? `${title}\n${t('inbox.conversationParticipants', { names: participants })}` : title}
    >
      <span className="inbox-sender-name">
        <span className={`inbox-ellipsis ${email.read ? '' : 'font-bold'}`} data-testid="email-sender">
          {email.fromName || t('inbox.unknownSender')}
        </span>
        <ConversationCount conversation={conversation} />
      </span>
      {conversation && conversation.participants.length > 1 ? (
        <span
          className="inbox-sender-address inbox-ellipsis text-sm text-color-secondary"
          data-testid="conversation-participants"
        >
          {participants}
        </span>
      ) : (
        <span className="inbox-sender-address inbox-ellipsis text-sm text-color-secondary">{email.fromEmail}</span>
      )}
    </div>
  );
}

/**
 * The subject (the whole of it on hover), the preview, the status tags and the labels, each on one line cut with
 * '…': comfortable sets the preview under the subject, compact beside it (inbox-list.css).
 */
function SubjectCell({ email }: { email: Email }) {
  return (
    <div className="inbox-subject inbox-cell">
      <span
        className={`inbox-subject-text inbox-ellipsis ${email.read ? '' : 'font-bold'}`}
        title={email.subject}
        data-testid="email-subject"
      >
        {email.subject}
      </span>
      <span className="inbox-subject-preview inbox-ellipsis text-sm text-color-secondary" data-testid="email-preview">
        {previewText(email.body)}
      </span>
      <div className="inbox-subject-tags flex gap-1">
        <StatusTags email={email} />
        <LabelChips email={email} />
      </div>
    </div>
  );
}

const rowProps = { 'data-testid': 'email-row', className: 'cursor-pointer', tabIndex: -1 };
const BULK_ACTIONS: BulkAction[] = ['markRead', 'markUnread', 'archive', 'spam'];

/** The row's star: the caller's personal marker, kept on the server. */
function StarLink({ starred, onToggle }: { starred: boolean; onToggle: () => void }) {
  const { t } = useTranslation('inbox');
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
      <i className={starred ? 'pi pi-star-fill text-yellow-700' : 'pi pi-star text-color-secondary'} aria-hidden />
    </a>
  );
}

/**
 * The inbox table: sender, subject with its preview and tags, date, labels and the row menus; columns sized to
 * their content (the subject takes the room, long texts end in '…' with the whole text on hover); rows of two lines
 * (comfortable) or one (compact); stacked as cards on a phone. 'current / total' pagination when needed.
 */
export function InboxList({ density, list }: { density: ListDensity; list: InboxListData }) {
  const { t, i18n } = useTranslation('inbox');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const inbox = useAppSelector(selectInbox);
  // An auditor reads the list: no selection, bulk actions, star or row menus.
  const canWrite = useAppSelector(selectCanWrite);
  const bulk = useBulkAction(list.emails);
  const toggleStar = useStarToggle();
  const now = new Date();
  const goTo = (page: number) => {
    if (page < 0 || page >= list.totalPages) return;
    dispatch(pageRequested(page, inbox.search));
  };
  const showLoading = list.loading && list.emails.length === 0;
  // The first rows (or the empty list) are on the page: what can wait (live updates, the bell) loads now.
  useEffect(() => {
    if (list.loaded) firstScreenShown();
  }, [list.loaded]);

  // The table re-renders its cells when its rows change: the star travels in the row.
  const rows: Row[] = useMemo(
    () => list.emails.map((email) => ({ ...email, starred: list.starred.includes(email.id) })),
    [list.emails, list.starred],
  );
  // Selection (row checkboxes and select-all) covers the emails on screen; emails that leave the list leave it.
  const selection = useMemo(
    () => rows.filter((email) => inbox.selectedIds.includes(email.id)),
    [rows, inbox.selectedIds],
  );
  const allSelected = rows.length > 0 && selection.length === rows.length;

  return (
    <>
      {canWrite && selection.length > 0 ? (
        <div className="flex flex-wrap align-items-center gap-2 mb-2" data-testid="bulk-actions">
          <span data-testid="selected-count">{t('inbox.selected', { count: selection.length })}</span>
          {BULK_ACTIONS.map((action) => (
            <Button
              key={action}
              type="button"
              size="small"
              outlined
              disabled={bulk.busy}
              label={t(`inbox.${action}`)}
              onClick={() => void bulk.run(action)}
              data-testid={`bulk-${action}`}
            />
          ))}
          <SnoozeMenu
            disabled={bulk.busy}
            onSnooze={(until) => bulk.snooze(until, i18n.language)}
            testId="bulk-snooze"
          />
          <MergeConversationsButton selection={selection} />
          <Button
            type="button"
            size="small"
            text
            label={t('inbox.clearSelection')}
            onClick={() => dispatch(selectionChanged([]))}
          />
        </div>
      ) : null}
      <DataTable
        // Its rows keep the texts PrimeReact gave them: a new language draws the table anew.
        key={i18n.language}
        value={rows}
        dataKey="id"
        selectionAriaLabel="subject"
        selectionMode="checkbox"
        selection={selection}
        loading={list.loading}
        onSelectionChange={(e) => dispatch(selectionChanged((e.value as Email[]).map((email) => email.id)))}
        emptyMessage={showLoading || !list.loaded ? t('inbox.loading') : t('inbox.empty')}
        onRowClick={(e) => {
          const target = e.originalEvent.target as HTMLElement;
          if (target.closest('.p-selection-column, .p-checkbox, [data-testid="row-star"], [data-testid="row-menus"]'))
            return;
          navigate(`/admin/email-detail/${(e.data as Email).id}`);
        }}
        rowClassName={(email: Row) => ({ 'inbox-row-cursor': email.id === inbox.cursor })}
        tableStyle={{ tableLayout: 'fixed', width: '100%' }}
        className={`inbox-table inbox-density-${density}`}
        // Without the selection boxes, stars and menus (an auditor) nothing in the scrolling table takes the focus:
        // the scrolling region itself does, so that it can be scrolled from the keyboard.
        pt={{
          bodyRow: rowProps as object,
          wrapper: (canWrite ? {} : { tabIndex: 0, 'aria-label': t('inbox.subject') }) as object,
        }}
        data-testid="email-table"
      >
        {canWrite ? (
          <Column
            selectionMode="multiple"
            headerStyle={{ width: '2.5rem' }}
            // DataTable names its select-all box from a copy of PrimeReact's English texts bundled inside it; the
            // shared locale (Czech when chosen) names it here instead, as it names the rows' boxes.
            pt={{
              headerCheckbox: { root: { 'aria-label': ariaLabel(allSelected ? 'selectAll' : 'unselectAll', {}) } },
            }}
          />
        ) : null}
        {canWrite ? (
          <Column
            body={(email: Row) => (
              <StarLink starred={email.starred} onToggle={() => void toggleStar(email.id, email.starred)} />
            )}
            headerStyle={{ width: '2.25rem' }}
          />
        ) : null}
        <Column
          header={t('inbox.sender')}
          body={(email: Email) => <SenderCell email={email} />}
          headerStyle={{ width: '12rem' }}
        />
        <Column header={t('inbox.subject')} body={(email: Email) => <SubjectCell email={email} />} />
        <Column
          header={t('inbox.date')}
          body={(email: Email) => (
            <time
              className="white-space-nowrap"
              dateTime={email.receivedAt}
              title={new Date(email.receivedAt).toLocaleString(i18n.language)}
            >
              {formatEmailDate(email.receivedAt, now)}
            </time>
          )}
          headerStyle={{ width: '6rem' }}
        />
        {canWrite ? (
          <Column
            header={<span className="sr-only">{t('inbox.actions')}</span>}
            body={(email: Email) => <RowMenus email={email} />}
            headerStyle={{ width: '5.5rem' }}
          />
        ) : null}
      </DataTable>
      {list.totalPages > 1 ? (
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
            {inbox.page + 1} / {list.totalPages}
          </span>
          <Button
            type="button"
            text
            icon="pi pi-chevron-right"
            iconPos="right"
            label={t('inbox.next')}
            disabled={inbox.page >= list.totalPages - 1}
            onClick={() => goTo(inbox.page + 1)}
            data-testid="page-next"
          />
        </div>
      ) : null}
    </>
  );
}
