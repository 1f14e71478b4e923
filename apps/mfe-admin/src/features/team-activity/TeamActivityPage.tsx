import '../../i18n/texts';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { TEAM_ACTIVITY_PAGE_SIZE, type TeamActivityEntry } from '@teaminbox/contracts';
import { Link, PageHeading, PersonAvatar } from '@teaminbox/ui';
import {
  selectCurrentUser,
  useAppSelector,
  useEmailActionsQuery,
  usePersonPhotos,
  useTeamActionsQuery,
} from '@teaminbox/web-store';
import { actorName, describeEntry, fromEmailAction, typeName } from './activityText';

/** What the list shows: one email's actions, or the team's (page by page). */
interface ActivityScope {
  emailId: string | null;
  page: number;
}

const size = TEAM_ACTIVITY_PAGE_SIZE;
const NO_ENTRIES: TeamActivityEntry[] = [];

/**
 * The spec: with an email id, that email's actions (newest first here too); otherwise the actions of the current
 * user's team; with neither, an empty list and no call. A load failure shows an empty list. Every opening, 'Load'
 * and page loads afresh (no push tells of new actions).
 */
function useActivity(scope: ActivityScope) {
  const teamId = useAppSelector(selectCurrentUser)?.teamId ?? null;
  const team = useTeamActionsQuery(
    { teamId: teamId ?? '', page: scope.page, size },
    { skip: scope.emailId !== null || !teamId, refetchOnMountOrArgChange: true },
  );
  const email = useEmailActionsQuery(scope.emailId ?? '', {
    skip: scope.emailId === null,
    refetchOnMountOrArgChange: true,
  });
  const emailEntries = useMemo(
    () =>
      scope.emailId && email.data
        ? email.data.map((action) => fromEmailAction(scope.emailId!, action)).reverse()
        : NO_ENTRIES,
    [scope.emailId, email.data],
  );
  if (scope.emailId !== null) {
    const entries = email.isError ? NO_ENTRIES : emailEntries;
    return { entries, totalElements: entries.length, loading: email.isFetching, refetch: email.refetch };
  }
  if (!teamId) return { entries: NO_ENTRIES, totalElements: 0, loading: false, refetch: () => undefined };
  const page = team.isError ? undefined : team.data;
  return {
    entries: page?.content ?? NO_ENTRIES,
    totalElements: page?.totalElements ?? 0,
    loading: team.isFetching,
    refetch: team.refetch,
  };
}

/** The spec's activity avatar: 28 px, the member's photo or initials (a rule and the system get an icon). */
const AVATAR_SIZE = 28;
const AVATAR_STYLE = { width: AVATAR_SIZE, height: AVATAR_SIZE, fontSize: '0.75rem', flex: `0 0 ${AVATAR_SIZE}px` };

function Actor({ entry }: { entry: TeamActivityEntry }) {
  const { t } = useTranslation('admin');
  const name = actorName(t, entry);
  const photoOf = usePersonPhotos();
  const person = entry.actorKind === 'user' || Boolean(entry.actorUserId);
  return (
    <div className="flex align-items-center gap-2" data-testid="activity-actor">
      {person ? (
        <span data-testid="activity-avatar" className="flex" style={{ flex: AVATAR_STYLE.flex }}>
          <PersonAvatar
            photo={photoOf(entry.actorUserId, entry.actorEmail)}
            userId={entry.actorUserId}
            email={entry.actorEmail}
            name={entry.actorName}
            size={AVATAR_SIZE}
          />
        </span>
      ) : (
        <Avatar
          shape="circle"
          style={AVATAR_STYLE}
          icon={entry.actorKind === 'rule' ? 'pi pi-bolt' : 'pi pi-cog'}
          aria-hidden
          data-testid="activity-avatar"
        />
      )}
      <span>{name}</span>
    </div>
  );
}

function EmailCell({ entry }: { entry: TeamActivityEntry }) {
  const { t } = useTranslation('admin');
  if (!entry.emailId) return null;
  return (
    <Link
      to={`/admin/email-detail/${entry.emailId}`}
      title={entry.emailSubject ?? undefined}
      aria-label={t('teamActivity.openEmail', { id: entry.emailId })}
      className="activity-email-id"
      data-testid="activity-email-id"
    >
      {entry.emailId}
    </Link>
  );
}

/**
 * /admin/activity 'Team Activity': the team's changes, newest first, page by page, or one email's actions when an
 * email ID is given. Each entry shows who (avatar and name or email), its type, when, the email and the details.
 */
export default function TeamActivityPage() {
  const { t, i18n } = useTranslation('admin');
  // The email ID filter as typed, and what the list shows.
  const [filter, setFilter] = useState('');
  const [scope, setScope] = useState<ActivityScope>({ emailId: null, page: 0 });
  const { entries, totalElements, loading, refetch } = useActivity(scope);

  /** Load: the email typed in the filter, or the team's actions when it is blank; from the first page. */
  const load = (event: FormEvent) => {
    event.preventDefault();
    const emailId = filter.trim() || null;
    if (emailId === scope.emailId && scope.page === 0) void refetch();
    else setScope({ emailId, page: 0 });
  };
  const paged = scope.emailId === null;
  return (
    <section>
      <PageHeading title={t('teamActivity.heading')} />
      <form onSubmit={load} className="flex flex-wrap align-items-center gap-2 mb-3" data-testid="activity-filter">
        <label htmlFor="activity-email-id">{t('teamActivity.emailId')}</label>
        <InputText
          id="activity-email-id"
          value={filter}
          placeholder={t('teamActivity.emailIdPlaceholder')}
          onChange={(e) => setFilter(e.target.value)}
          style={{ minWidth: '22rem' }}
          data-testid="activity-email-filter"
        />
        <Button type="submit" label={t('teamActivity.load')} icon="pi pi-search" data-testid="activity-load" />
      </form>
      <DataTable
        value={entries}
        dataKey="id"
        loading={loading}
        emptyMessage={t('teamActivity.empty')}
        lazy={paged}
        paginator={paged && totalElements > size}
        first={scope.page * size}
        rows={size}
        totalRecords={totalElements}
        onPage={(event) => setScope({ ...scope, page: event.page ?? Math.floor(event.first / size) })}
        pt={{ bodyRow: { 'data-testid': 'activity-entry' } as object }}
        data-testid="activity-table"
      >
        <Column header={t('teamActivity.actor')} body={(entry: TeamActivityEntry) => <Actor entry={entry} />} />
        <Column
          header={t('teamActivity.type')}
          body={(entry: TeamActivityEntry) => (
            <Tag
              value={typeName(t, entry.type)}
              severity="secondary"
              data-type={entry.type}
              data-testid="activity-type"
            />
          )}
        />
        <Column
          header={t('teamActivity.date')}
          body={(entry: TeamActivityEntry) => (
            <time dateTime={entry.createdAt} data-testid="activity-date">
              {new Date(entry.createdAt).toLocaleString(i18n.language)}
            </time>
          )}
        />
        <Column header={t('teamActivity.email')} body={(entry: TeamActivityEntry) => <EmailCell entry={entry} />} />
        <Column
          header={t('teamActivity.details')}
          body={(entry: TeamActivityEntry) => (
            <span data-testid="activity-details">{describeEntry(t, entry, i18n.language)}</span>
          )}
        />
      </DataTable>
    </section>
  );
}
