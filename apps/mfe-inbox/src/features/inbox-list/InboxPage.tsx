import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { Label, TeamMember } from '@teaminbox/contracts';
import { api, inboxApi } from '@teaminbox/api-client';
import { PageHeading } from '@teaminbox/ui';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { selectTeamRevisions } from '../../shared/teamRevisions';
import { InboxList } from './InboxList';
import { InboxToolbar } from './InboxToolbar';
import { pageRequested, sampleRequested, selectInbox } from './inboxListSlice';
import { RealtimeStatus } from './RealtimeStatus';

/** /admin/inbox and /admin/email-inbox: reads the optional 'search' query parameter. */
export default function InboxPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const inbox = useAppSelector(selectInbox);
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const teamId = user?.teamId ?? null;

  const [members, setMembers] = useState<TeamMember[]>([]);
  const [labels, setLabels] = useState<Label[]>([]);
  const labelsRevision = useAppSelector(selectTeamRevisions).labels;

  useEffect(() => {
    if (teamId) dispatch(pageRequested(0, search));
  }, [dispatch, teamId, search]);

  // Members and labels for the filters and row menus; a failure leaves a list empty (the spec's silent case).
  useEffect(() => {
    if (!teamId) return;
    api.getTeamMembers().then(setMembers, () => setMembers([]));
  }, [teamId]);
  // The labels again whenever a member creates, changes or deletes one.
  useEffect(() => {
    if (!teamId) return;
    inboxApi.listLabels().then(setLabels, () => setLabels([]));
  }, [teamId, labelsRevision]);

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
            loading={inbox.loadingSample}
            onClick={() => dispatch(sampleRequested())}
            data-testid="load-sample-emails"
          />
        ) : null}
      </PageHeading>
      {search ? <p className="m-0 mb-3 text-color-secondary">{t('inbox.searchResults', { search })}</p> : null}
      {teamId ? (
        <>
          <InboxToolbar members={members} labels={labels} />
          <InboxList members={members} labels={labels} />
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
