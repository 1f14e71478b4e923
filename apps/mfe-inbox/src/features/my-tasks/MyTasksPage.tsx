import '../../i18n/texts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { formatEmailDate, PageHeading, previewText, useNavigate } from '@teaminbox/ui';
import { useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { EmailBody, EmailMeta } from '../../shared/EmailParts';
import { ConversationCount, participantNames } from '../inbox-list/ConversationSummary';
import {
  ALL,
  myTasksClosed,
  myTasksOpened,
  selectMyTasks,
  taskSelected,
  tasksFiltered,
  tasksPageChosen,
  type TasksQuery,
} from './myTasksSlice';
import { myTasksFeature } from './myTasksFeature';
import { useMyTasks } from './useMyTasks';

/** Spec (admin-and-personal, section 9): task preview cut to 100 characters. */
const TASK_PREVIEW_LENGTH = 100;

/** Badge colours (spec): priority high red, medium amber, low green; status new blue, in progress amber, resolved green, closed grey. */
const PRIORITY_SEVERITY = { HIGH: 'danger', MEDIUM: 'warning', LOW: 'success' } as const;
const STATUS_SEVERITY = { NEW: 'info', IN_PROGRESS: 'warning', RESOLVED: 'success', CLOSED: 'secondary' } as const;

/** /admin/my-tasks: the emails assigned to the user, with filters, paging and a detail pane. */
export default function MyTasksPage() {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { query } = useAppSelector(selectMyTasks);
  const { page, loading, selected } = useMyTasks();
  const [searchText, setSearchText] = useState('');
  useEffect(() => {
    dispatch(myTasksOpened());
    return () => {
      dispatch(myTasksClosed());
    };
  }, [dispatch]);
  const change = (next: Partial<Omit<TasksQuery, 'page'>>) => dispatch(tasksFiltered(next));
  const statuses = [
    { label: t('myTasks.allStatus'), value: ALL },
    { label: t('myTasks.statusNew'), value: 'NEW' },
    { label: t('myTasks.statusInProgress'), value: 'IN_PROGRESS' },
    { label: t('myTasks.statusResolved'), value: 'RESOLVED' },
    { label: t('myTasks.statusClosed'), value: 'CLOSED' },
  ];
  const priorities = [
    { label: t('myTasks.allPriority'), value: ALL },
    { label: t('myTasks.priorityHigh'), value: 'HIGH' },
    { label: t('myTasks.priorityMedium'), value: 'MEDIUM' },
    { label: t('myTasks.priorityLow'), value: 'LOW' },
  ];
  const now = useMemo(() => new Date(), []);

  return (
    <div>
      <PageHeading title={t('myTasks.heading')}>
        <span data-testid="task-count">{t('myTasks.count', { count: page?.totalElements ?? 0 })}</span>
      </PageHeading>
      <div className="flex flex-wrap align-items-center gap-2 mb-3">
        <InputText
          value={searchText}
          placeholder={t('myTasks.searchPlaceholder')}
          aria-label={t('myTasks.searchPlaceholder')}
          onChange={(e) => setSearchText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && change({ search: searchText.trim() })}
          data-testid="task-search"
        />
        <Button
          type="button"
          label={t('myTasks.search')}
          onClick={() => change({ search: searchText.trim() })}
          data-testid="task-search-button"
        />
        <Dropdown
          value={query.status}
          options={statuses}
          onChange={(e) => change({ status: e.value as string })}
          aria-label={t('myTasks.status')}
          data-testid="task-status"
        />
        <Dropdown
          value={query.priority}
          options={priorities}
          onChange={(e) => change({ priority: e.value as string })}
          aria-label={t('myTasks.priority')}
          data-testid="task-priority"
        />
      </div>
      <div className="tasks-grid">
        <div>
          {loading ? <p data-testid="tasks-loading">{t('myTasks.loading')}</p> : null}
          {page && page.content.length === 0 && !loading ? <p data-testid="no-tasks">{t('myTasks.noTasks')}</p> : null}
          <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid="task-list">
            {page?.content.map((email) => (
              <li key={email.id}>
                <button
                  type="button"
                  className="w-full text-left p-2 border-1 border-round surface-card cursor-pointer"
                  style={{ borderColor: selected?.id === email.id ? 'var(--primary-color)' : 'var(--surface-border)' }}
                  onClick={() => dispatch(taskSelected(email.id))}
                  data-testid="task-item"
                >
                  <div className="flex justify-content-between gap-2">
                    <span className="flex align-items-center gap-2">
                      <strong>{email.fromName || email.fromEmail}</strong>
                      <ConversationCount conversation={email.conversation} />
                    </span>
                    <time dateTime={email.receivedAt}>{formatEmailDate(email.receivedAt, now)}</time>
                  </div>
                  {email.conversation && email.conversation.participants.length > 1 ? (
                    <div className="text-sm text-color-secondary" data-testid="conversation-participants">
                      {participantNames(email.conversation)}
                    </div>
                  ) : null}
                  <div>{email.subject}</div>
                  <div className="text-sm text-color-secondary" data-testid="task-preview">
                    {previewText(email.body, TASK_PREVIEW_LENGTH)}
                  </div>
                  <div className="flex gap-1 mt-1">
                    <Tag
                      value={email.priority.toLowerCase()}
                      severity={PRIORITY_SEVERITY[email.priority]}
                      data-testid="task-priority-badge"
                    />
                    <Tag
                      value={email.status.toLowerCase()}
                      severity={STATUS_SEVERITY[email.status]}
                      data-testid="task-status-badge"
                    />
                    {email.attachments.length > 0 ? (
                      <Tag
                        icon="pi pi-paperclip"
                        value={String(email.attachments.length)}
                        data-testid="task-attachment-badge"
                      />
                    ) : null}
                  </div>
                </button>
              </li>
            ))}
          </ul>
          {page && page.totalPages > 1 ? (
            <div className="flex align-items-center gap-2 mt-2" data-testid="task-pagination">
              <Button
                type="button"
                text
                label={t('myTasks.previous')}
                disabled={loading || query.page <= 0}
                onClick={() => dispatch(tasksPageChosen(query.page - 1))}
                data-testid="task-previous"
              />
              <span data-testid="task-page">
                {t('myTasks.pageOf', { page: query.page + 1, total: page.totalPages })}
              </span>
              <Button
                type="button"
                text
                label={t('myTasks.next')}
                disabled={loading || query.page >= page.totalPages - 1}
                onClick={() => dispatch(tasksPageChosen(query.page + 1))}
                data-testid="task-next"
              />
            </div>
          ) : null}
        </div>
        <div data-testid="task-detail">
          {selected ? (
            <Card title={selected.subject}>
              <EmailMeta email={selected} ns="myTasks" testId="task-meta" />
              <EmailBody email={selected} testId="task-body" />
              {selected.attachments.length > 0 ? (
                <>
                  <h4>{t('myTasks.attachments')}</h4>
                  <ul data-testid="task-attachments">
                    {selected.attachments.map((a) => (
                      <li key={a.id}>
                        {a.filename} ({t('myTasks.bytes', { size: a.size })})
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <Button
                type="button"
                text
                label={t('myTasks.open')}
                onClick={() => navigate(`/admin/email-detail/${selected.id}`)}
              />
            </Card>
          ) : (
            <p data-testid="no-task-selected">{t('myTasks.noTaskSelected')}</p>
          )}
        </div>
      </div>
    </div>
  );
}

/** Injected by the shell with this page (see RemoteRoute). */
export const features = [myTasksFeature];
