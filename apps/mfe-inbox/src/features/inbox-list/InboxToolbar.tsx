import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { SelectButton } from 'primereact/selectbutton';
import {
  type Email,
  FOLDERS,
  LIST_DENSITIES,
  type Folder,
  type Label,
  type ListDensity,
  type TeamMember,
} from '@teaminbox/contracts';
import { useAppDispatch, useAppSelector, useMergeConversationsMutation } from '@teaminbox/web-store';
import { notice } from '../../shared/notices';
import { ComposeButton } from '../compose/ComposeButton';
import { ScheduledSends } from './ScheduledSends';
import {
  filtersChanged,
  filtersReset,
  folderChosen,
  pageRequested,
  selectInbox,
  selectionChanged,
} from './inboxListSlice';

const FOLDER_KEYS: Record<Folder, string> = {
  inbox: 'inbox.folderInbox',
  unread: 'inbox.folderUnread',
  'my-tasks': 'inbox.folderMyTasks',
  archived: 'inbox.folderArchived',
  spam: 'inbox.folderSpam',
  snoozed: 'inbox.folderSnoozed',
};

const DENSITY_KEYS: Record<ListDensity, string> = {
  comfortable: 'inbox.densityComfortable',
  compact: 'inbox.densityCompact',
};

/** Folders, the Compose button, the list's density, and the filters: assigned to, label, unread only, reset. */
export function InboxToolbar({
  members,
  labels,
  density,
  onDensityChange,
}: {
  members: TeamMember[];
  labels: Label[];
  density: ListDensity;
  onDensityChange: (density: ListDensity) => void;
}) {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const { folder, filters } = useAppSelector(selectInbox);
  const assignees = [
    { label: t('inbox.all'), value: 'all' },
    { label: t('inbox.unassigned'), value: 'unassigned' },
    { label: t('inbox.myTasks'), value: 'me' },
    ...members.map((m) => ({ label: m.email, value: m.id })),
  ];
  const labelOptions = [
    { label: t('inbox.all'), value: 'all' },
    ...labels.map((l) => ({ label: l.name, value: l.id })),
  ];
  return (
    <div className="flex flex-column gap-2 mb-3">
      <div className="flex flex-wrap align-items-center gap-2">
        <SelectButton
          value={folder}
          options={FOLDERS.map((value) => ({ label: t(FOLDER_KEYS[value]), value }))}
          onChange={(e) => e.value && dispatch(folderChosen(e.value as Folder))}
          allowEmpty={false}
          data-testid="folders"
        />
        <ComposeButton />
        <ScheduledSends />
        <SelectButton
          className="ml-auto"
          value={density}
          options={LIST_DENSITIES.map((value) => ({ label: t(DENSITY_KEYS[value]), value }))}
          onChange={(e) => e.value && e.value !== density && onDensityChange(e.value as ListDensity)}
          allowEmpty={false}
          aria-label={t('inbox.density')}
          data-testid="list-density"
        />
      </div>
      <div className="flex flex-wrap align-items-center gap-3" data-testid="filters">
        <label className="flex align-items-center gap-2">
          {t('inbox.assignedTo')}
          <Dropdown
            value={filters.assignee}
            options={assignees}
            onChange={(e) => dispatch(filtersChanged({ assignee: e.value as string }))}
            data-testid="filter-assignee"
          />
        </label>
        <label className="flex align-items-center gap-2">
          {t('inbox.label')}
          <Dropdown
            value={filters.label}
            options={labelOptions}
            onChange={(e) => dispatch(filtersChanged({ label: e.value as string }))}
            data-testid="filter-label"
          />
        </label>
        <label className="flex align-items-center gap-2">
          <InputSwitch
            checked={filters.unread}
            onChange={(e) => dispatch(filtersChanged({ unread: Boolean(e.value) }))}
            data-testid="filter-unread"
          />
          {t('inbox.unreadOnly')}
        </label>
        <Button
          type="button"
          text
          label={t('inbox.resetFilters')}
          onClick={() => dispatch(filtersReset())}
          data-testid="filters-reset"
        />
      </div>
    </div>
  );
}

/**
 * The bulk toolbar's Merge: shown on a conversation list, enabled when the rows chosen are two or more conversations.
 * After a confirm, the conversations of the rows join the first row's (POST /conversations/merge); the selection is
 * cleared and the page loaded again.
 */
export function MergeConversationsButton({ selection }: { selection: Email[] }) {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const { page, search } = useAppSelector(selectInbox);
  const [merge, { isLoading }] = useMergeConversationsMutation();
  const [confirming, setConfirming] = useState(false);
  if (!selection.some((row) => row.conversation)) return null;
  const conversations = new Set(selection.map((row) => row.conversation?.id ?? row.id)).size;
  const confirmed = async () => {
    setConfirming(false);
    try {
      await merge(selection.map((row) => row.id)).unwrap();
      dispatch(selectionChanged([]));
      dispatch(pageRequested(page, search));
      dispatch(notice('success', 'inbox.mergeDone'));
    } catch (failed) {
      console.warn('merge failed', failed);
      dispatch(notice('error', 'inbox.mergeError'));
    }
  };
  return (
    <>
      <Button
        type="button"
        size="small"
        outlined
        icon="pi pi-sitemap"
        disabled={conversations < 2 || isLoading}
        label={t('inbox.mergeConversations')}
        onClick={() => setConfirming(true)}
        data-testid="bulk-merge"
      />
      <ConfirmDialog
        visible={confirming}
        header={t('inbox.mergeHeader')}
        message={t('inbox.mergeConfirm', { count: conversations })}
        icon="pi pi-question-circle"
        acceptLabel={t('inbox.mergeAccept')}
        rejectLabel={t('inbox.mergeReject')}
        accept={() => void confirmed()}
        reject={() => setConfirming(false)}
        onHide={() => setConfirming(false)}
        data-testid="merge-confirm"
      />
    </>
  );
}
