import '../../i18n/texts';
import './team-members.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { isValidEmail, ROLES, type Role, type TeamInvitation, type TeamMember } from '@teaminbox/contracts';
import { PageHeading, PersonAvatar } from '@teaminbox/ui';
import {
  EmailProofNotice,
  noticeRaised,
  selectCanWrite,
  selectCurrentUser,
  teamApi,
  useAppDispatch,
  useAppSelector,
  useChangeMemberRoleMutation,
  useCreateTeamMutation,
  useDeleteInvitationMutation,
  usePersonPhotos,
  useRemoveMemberMutation,
  useSendInvitationMutation,
  userRefreshRequested,
  useTeamQuery,
} from '@teaminbox/web-store';
import { creationFailureNotice, failureNotice, SUCCESS_NOTICE_MS, TEAM_NOTICE_MS } from './teamNotices';
import { actingRole, canChangeRole, canRemove, isOwnRow } from './teamRules';
import { confirmationAsked, confirmationDismissed, selectTeam } from './teamSlice';

const ROLE_OPTIONS = ROLES.map((role) => ({ label: role, value: role }));
const NO_MEMBERS: TeamMember[] = [];

function CreateTeamForm() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const [create, { isLoading: creating }] = useCreateTeamMutation();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    if (!value || creating) return;
    void create(value).then((result) => {
      if (result.error) {
        dispatch(creationFailureNotice(result.error));
        return;
      }
      dispatch(noticeRaised({ severity: 'success', key: 'team.created', lifeMs: TEAM_NOTICE_MS }));
      // The current user's teamId changes: the shell's session fetches the user again.
      dispatch(userRefreshRequested());
    });
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

function MemberRow({
  member,
  own,
  changeable,
  removable,
}: {
  member: TeamMember;
  own: boolean;
  changeable: boolean;
  removable: boolean;
}) {
  const { t } = useTranslation('admin');
  const photoOf = usePersonPhotos();
  const dispatch = useAppDispatch();
  const [changeRole, { isLoading: savingRole }] = useChangeMemberRoleMutation();
  const [draft, setDraft] = useState<Role>(member.role);
  const saveRole = () => {
    // Saved, the team and the members are loaded again (every screen listing the members fetches them again).
    void changeRole({ memberId: member.id, role: draft }).then((result) => {
      dispatch(
        result.error
          ? failureNotice(result.error)
          : noticeRaised({ severity: 'success', key: 'team.roleChanged', lifeMs: SUCCESS_NOTICE_MS }),
      );
    });
  };
  return (
    <tr data-testid="member-row" data-email={member.email} data-role={member.role}>
      <td data-testid="member-name">
        <span className="flex align-items-center gap-2">
          <PersonAvatar
            photo={photoOf(member.id, member.email)}
            userId={member.id}
            email={member.email}
            name={member.name}
            size={28}
          />
          <span>
            {member.name || member.email}
            {own ? <strong> {t('team.you')}</strong> : null}
          </span>
        </span>
      </td>
      <td>{member.email}</td>
      <td>
        {changeable ? (
          <div className="flex gap-2 align-items-center">
            <Dropdown
              value={draft}
              options={ROLE_OPTIONS}
              onChange={(e) => setDraft(e.value as Role)}
              aria-label={t('team.roleOf', { email: member.email })}
              data-testid="member-role-select"
            />
            <Button
              type="button"
              label={t('team.save')}
              size="small"
              disabled={draft === member.role}
              loading={savingRole}
              onClick={saveRole}
              data-testid="member-role-save"
            />
          </div>
        ) : (
          <Tag value={member.role} data-testid="member-role" />
        )}
      </td>
      <td>
        {removable ? (
          <Button
            type="button"
            icon="pi pi-trash"
            severity="danger"
            text
            aria-label={t('team.removeMember', { email: member.email })}
            onClick={() => dispatch(confirmationAsked({ kind: 'member', id: member.id, email: member.email }))}
            data-testid="member-delete"
          />
        ) : null}
      </td>
    </tr>
  );
}

function MemberList({
  members,
  currentEmail,
  actor,
}: {
  members: TeamMember[];
  currentEmail: string;
  actor: Role | null;
}) {
  const { t } = useTranslation('admin');
  const canWrite = useAppSelector(selectCanWrite);
  return (
    <Card title={t('team.members')}>
      <table className="team-table" data-testid="member-list">
        <thead>
          <tr>
            <th>{t('team.name')}</th>
            <th>{t('team.email')}</th>
            <th>{t('team.role')}</th>
            <th>
              <span className="sr-only">{t('team.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <MemberRow
              // A new role from the server resets the row's dropdown.
              key={`${member.id}:${member.role}`}
              member={member}
              own={isOwnRow(member, currentEmail)}
              changeable={canWrite && canChangeRole(member, currentEmail)}
              removable={canRemove(member, currentEmail, actor)}
            />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function InvitationList({ invitations }: { invitations: TeamInvitation[] }) {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const canWrite = useAppSelector(selectCanWrite);
  return (
    <Card title={t('team.invitations')}>
      {invitations.length === 0 ? (
        <p className="m-0 text-color-secondary" data-testid="no-invitations">
          {t('team.noInvitations')}
        </p>
      ) : (
        <ul className="team-invitations" data-testid="invitation-list">
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex align-items-center justify-content-between gap-2"
              data-testid="invitation-row"
              data-email={invitation.email}
            >
              <span>
                {invitation.email} <Tag value={invitation.role ?? 'MEMBER'} data-testid="invitation-role" />
              </span>
              {canWrite ? (
                <Button
                  type="button"
                  icon="pi pi-trash"
                  severity="danger"
                  text
                  aria-label={t('team.deleteInvitation', { email: invitation.email })}
                  onClick={() =>
                    dispatch(confirmationAsked({ kind: 'invitation', id: invitation.id, email: invitation.email }))
                  }
                  data-testid="invitation-delete"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function InviteForm() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const [send, { isLoading: inviting }] = useSendInvitationMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('MEMBER');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return;
    if (!isValidEmail(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (inviting) return;
    // A failure is only logged (the http client logs it), no notice.
    void send({ email: value, role }).then((result) => {
      if (!result.error)
        dispatch(noticeRaised({ severity: 'info', key: 'team.invitationSent', lifeMs: SUCCESS_NOTICE_MS }));
    });
    setEmail('');
  };
  return (
    <Card title={t('team.sendInvitation')}>
      <form onSubmit={submit} noValidate className="flex gap-2 flex-wrap align-items-center" data-testid="invite-form">
        <label htmlFor="invite-email" className="sr-only">
          {t('team.inviteEmail')}
        </label>
        <InputText
          id="invite-email"
          type="email"
          value={email}
          invalid={invalid}
          placeholder={t('team.email')}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="invite-email-input"
        />
        <Dropdown
          value={role}
          options={ROLE_OPTIONS}
          onChange={(e) => setRole(e.value as Role)}
          aria-label={t('auditor.inviteRole')}
          data-testid="invite-role-select"
        />
        <Button
          type="submit"
          label={t('team.sendInvitation')}
          icon="pi pi-send"
          loading={inviting}
          data-testid="invite-send-button"
        />
      </form>
    </Card>
  );
}

/** The confirmation of a deletion; closed by its buttons, Escape, or a 449 answer (ui/dialogsClosed). */
function ConfirmDeletion() {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const { confirmation } = useAppSelector(selectTeam);
  const [removeMember] = useRemoveMemberMutation();
  const [deleteInvitation] = useDeleteInvitationMutation();
  const message = confirmation
    ? t(confirmation.kind === 'member' ? 'team.confirmRemove' : 'team.confirmDeleteInvitation', {
        email: confirmation.email,
      })
    : '';
  return (
    <ConfirmDialog
      visible={confirmation !== null}
      header={t('team.confirmHeader')}
      message={message}
      icon="pi pi-exclamation-triangle"
      acceptLabel={t('team.yes')}
      rejectLabel={t('team.no')}
      acceptClassName="p-button-danger"
      accept={() => {
        if (!confirmation) return;
        dispatch(confirmationDismissed());
        if (confirmation.kind === 'invitation') {
          // A failure is only logged (the http client logs it), no notice.
          void deleteInvitation(confirmation.id);
          return;
        }
        void removeMember(confirmation.id).then((result) => {
          dispatch(
            result.error
              ? failureNotice(result.error)
              : noticeRaised({ severity: 'success', key: 'team.removed', lifeMs: TEAM_NOTICE_MS }),
          );
        });
      }}
      reject={() => dispatch(confirmationDismissed())}
      onHide={() => dispatch(confirmationDismissed())}
      data-testid="confirm-deletion"
    />
  );
}

/**
 * /admin/team-members: the Create Team form without a team; with one, the members (role change,
 * removal), the pending invitations and the Send Invitation form (while the user's address is not proven: why, and
 * the button that mails a login link to prove it).
 */
export default function TeamMembersPage() {
  const { t } = useTranslation('admin');
  const user = useAppSelector(selectCurrentUser);
  const canWrite = useAppSelector(selectCanWrite);
  const teamId = user?.teamId ?? null;
  const currentEmail = user?.email ?? '';
  // Loaded afresh on each opening. A failure is only logged (the spec's silent case; 404: no team yet).
  const { data: loadedTeam, isError: teamFailed } = useTeamQuery(undefined, {
    skip: !teamId,
    refetchOnMountOrArgChange: true,
  });
  // The members come from the one members cache that every screen shares; a failed load lists none.
  const { data: loadedMembers, isError: membersFailed } = teamApi.useTeamMembersQuery(undefined, {
    skip: !teamId,
    refetchOnMountOrArgChange: true,
  });
  const team = teamId && !teamFailed ? loadedTeam : undefined;
  const members = membersFailed ? NO_MEMBERS : loadedMembers;

  const actor = team && members ? actingRole(members, currentEmail, user?.role ?? null) : (user?.role ?? null);
  return (
    <div className="flex flex-column gap-3">
      <PageHeading title={t('team.heading')}>
        {teamId && actor ? <span data-testid="my-role">{t('team.yourRole', { role: actor })}</span> : null}
      </PageHeading>
      {!teamId ? <CreateTeamForm /> : null}
      {teamId && team && members ? (
        <>
          <h2 className="m-0" data-testid="team-name">
            {team.name}
          </h2>
          <MemberList members={members} currentEmail={currentEmail} actor={actor} />
          <InvitationList invitations={team.invitations} />
          {canWrite ? user?.emailProven === false ? <EmailProofNotice email={currentEmail} /> : <InviteForm /> : null}
          <ConfirmDeletion />
        </>
      ) : null}
    </div>
  );
}
