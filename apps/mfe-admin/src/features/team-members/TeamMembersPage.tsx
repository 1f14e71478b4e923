import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import type { TeamMember } from '@teaminbox/contracts';
import { PageHeading } from '@teaminbox/ui';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { selectTeam, teamCreationRequested, teamRequested } from './teamSlice';

function CreateTeamForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { creating } = useAppSelector(selectTeam);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    if (!value) return;
    dispatch(teamCreationRequested(value));
  };
  return (
    <Card title={t('team.createTeam')}>
      <form onSubmit={submit} className="flex gap-2 flex-wrap align-items-center" data-testid="create-team-form">
        <label htmlFor="team-name" className="sr-only">
          {t('team.teamName')}
        </label>
        <InputText
          id="team-name"
          value={name}
          placeholder={t('team.teamName')}
          onChange={(e) => setName(e.target.value)}
          data-testid="team-name-input"
        />
        <Button
          type="submit"
          label={t('team.create')}
          icon="pi pi-plus"
          loading={creating}
          data-testid="create-team-button"
        />
      </form>
    </Card>
  );
}

function MemberList({ members, currentEmail }: { members: TeamMember[]; currentEmail: string }) {
  const { t } = useTranslation();
  const isMe = (m: TeamMember) => m.email.toLowerCase() === currentEmail.toLowerCase();
  return (
    <Card title={t('team.members')}>
      <DataTable value={members} dataKey="id" data-testid="member-list">
        <Column
          header={t('team.name')}
          body={(m: TeamMember) => (
            <span data-testid="member-name">
              {m.name || m.email}
              {isMe(m) ? <strong> {t('team.you')}</strong> : null}
            </span>
          )}
        />
        <Column header={t('team.email')} field="email" />
        <Column header={t('team.role')} body={(m: TeamMember) => <Tag value={m.role} />} />
      </DataTable>
    </Card>
  );
}

/** /admin/team-members: the Create Team form without a team, the member list with one. */
export default function TeamMembersPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { team } = useAppSelector(selectTeam);
  const teamId = user?.teamId ?? null;

  useEffect(() => {
    if (teamId) dispatch(teamRequested());
  }, [dispatch, teamId]);

  return (
    <div className="flex flex-column gap-3">
      <PageHeading title={t('team.heading')} />
      {!teamId ? <CreateTeamForm /> : null}
      {teamId && team ? (
        <>
          <h2 className="m-0" data-testid="team-name">
            {team.name}
          </h2>
          <MemberList members={team.members} currentEmail={user?.email ?? ''} />
        </>
      ) : null}
    </div>
  );
}
