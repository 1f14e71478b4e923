import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import type { EmailDetail } from '@teaminbox/contracts';
import { PersonAvatar } from '@teaminbox/ui';
import {
  selectCanWrite,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  usePersonPhotos,
} from '@teaminbox/web-store';
import { assignableMembers, useTeamDirectory } from '../../shared/teamDirectory';
import { commandRequested, memberChosen, selectEmailDetail } from './emailDetailSlice';

/**
 * Who the email is assigned to: assign to me, unassign, mark as unread, or assign to a chosen member (never an
 * auditor). An auditor sees the assignee only.
 */
export function AssignmentCard({ email }: { email: EmailDetail }) {
  const { t } = useTranslation('inbox');
  const photoOf = usePersonPhotos();
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const { members } = useTeamDirectory();
  const { chosenMember } = useAppSelector(selectEmailDetail);
  const canWrite = useAppSelector(selectCanWrite);
  const member = members.find((m) => m.id === email.assignedTo);
  const assigneeName = member ? member.name || member.email : (email.assignedToName ?? '');
  const assign = (userId: string, mine: boolean) =>
    dispatch(commandRequested(email.id, { kind: 'assign', userId, mine }));
  return (
    <Card title={t('emailDetail.assignment')}>
      <div className="flex align-items-center gap-2 mb-3">
        {email.assignedTo ? (
          <PersonAvatar
            photo={photoOf(email.assignedTo, member?.email)}
            userId={email.assignedTo}
            email={member?.email}
            name={assigneeName}
            size={28}
          />
        ) : null}
        <p data-testid="assignee" className="m-0">
          {email.assignedTo ? t('emailDetail.assignedTo', { name: assigneeName }) : t('emailDetail.notAssigned')}
        </p>
      </div>
      {canWrite ? (
        <>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="small"
              label={t('emailDetail.assignToMe')}
              onClick={() => assign(me?.id ?? '', true)}
            />
            <Button
              type="button"
              size="small"
              outlined
              label={t('emailDetail.unassign')}
              disabled={!email.assignedTo}
              onClick={() => dispatch(commandRequested(email.id, { kind: 'unassign' }))}
            />
            <Button
              type="button"
              size="small"
              outlined
              label={t('emailDetail.markUnread')}
              onClick={() => dispatch(commandRequested(email.id, { kind: 'markUnread' }))}
            />
          </div>
          <div className="flex gap-2 mt-2">
            <Dropdown
              value={chosenMember}
              options={assignableMembers(members).map((m) => ({
                label: m.name ? `${m.name} <${m.email}>` : m.email,
                value: m.id,
              }))}
              onChange={(e) => dispatch(memberChosen(e.value as string))}
              placeholder={t('emailDetail.chooseMember')}
              aria-label={t('emailDetail.chooseMember')}
              data-testid="member-select"
            />
            <Button
              type="button"
              size="small"
              label={t('emailDetail.assign')}
              disabled={!chosenMember}
              onClick={() => chosenMember && assign(chosenMember, chosenMember === me?.id)}
            />
          </div>
        </>
      ) : null}
    </Card>
  );
}
