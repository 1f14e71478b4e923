import '../../i18n/texts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { PageHeading, Link, useSearchParams } from '@teaminbox/ui';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { useTeamDirectory } from '../../shared/teamDirectory';
import { InboxList } from './InboxList';
import { InboxToolbar } from './InboxToolbar';
import { useListDensity } from './listDensity';
import { inboxClosed, inboxOpened } from './inboxListSlice';
import { RealtimeStatus } from './RealtimeStatus';
import { useSampleEmails } from './rowActions';
import { useInboxList } from './useInboxList';
import { useInboxShortcuts } from './useInboxShortcuts';

/** /admin/inbox and /admin/email-inbox: reads the optional 'search' query parameter. */
/** The list says when its first rows are shown (see InboxList): the shell leaves that to it. */
export const announcesFirstScreen = true;

export default function InboxPage() {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const teamId = user?.teamId ?? null;

  // Members and labels for the filters and row menus; a failure leaves a list empty (the spec's silent case).
  const { members, labels } = useTeamDirectory();
  const [density, chooseDensity] = useListDensity();
  // The page on screen, loaded anew each time the inbox opens or shows another page.
  const list = useInboxList({ fresh: true });
  const sample = useSampleEmails();
  useInboxShortcuts(list.emails);

  useEffect(() => {
    dispatch(inboxOpened(search));
    return () => {
      dispatch(inboxClosed());
    };
  }, [dispatch, teamId, search]);

  return (
    <div>
      <PageHeading title={t('inbox.heading')}>
        <RealtimeStatus />
        {teamId ? (
          <Button
            type="button"
            outlined
            icon="pi pi-download"
            label={t('inbox.loadSample')}
            loading={sample.loading}
            onClick={() => void sample.load()}
            data-testid="load-sample-emails"
          />
        ) : null}
      </PageHeading>
      {search ? <p className="m-0 mb-3 text-color-secondary">{t('inbox.searchResults', { search })}</p> : null}
      {teamId ? (
        <>
          <InboxToolbar members={members} labels={labels} density={density} onDensityChange={chooseDensity} />
          <InboxList density={density} list={list} />
        </>
      ) : (
        <Message
          severity="info"
          data-testid="inbox-no-team"
          content={
            <span>
              {t('inbox.noTeam')} <Link to="/admin/team-members">{t('inbox.createTeam')}</Link>
            </span>
          }
        />
      )}
    </div>
  );
}
