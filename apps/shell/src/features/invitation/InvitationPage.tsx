import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { useParams } from '@teaminbox/ui';
import { LoginForm } from '../auth/LoginPage';
import { RegisterForm } from '../auth/RegisterPage';
import { invitationOpened, selectInvitation } from './invitation.slice';
import { AccountScreen } from '../auth/FormField';

/**
 * /invitation/{token}: an existing user logs in, a new one registers; either form carries the token as
 * the invitation id, and the server adds the user to the inviting team.
 */
export function InvitationPage() {
  const { t } = useTranslation('shell');
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const invitation = useAppSelector(selectInvitation);
  const status = invitation.token === token ? invitation.status : 'loading';

  useEffect(() => {
    dispatch(invitationOpened(token));
  }, [dispatch, token]);

  const heading =
    status === 'loading'
      ? t('invitation.loading')
      : status === 'expired'
        ? t('invitation.expired')
        : invitation.existingUser
          ? t('invitation.login')
          : t('invitation.register');
  return (
    <AccountScreen>
      <h1 className="m-0 mb-3" data-testid="invitation-status" data-status={status}>
        {heading}
      </h1>
      {status === 'valid' ? (
        <div data-testid="invitation-form" data-existing-user={invitation.existingUser ? '1' : '0'}>
          {invitation.existingUser ? (
            <LoginForm invitationId={token} initialEmail={invitation.email} embedded />
          ) : (
            <RegisterForm invitationId={token} initialEmail={invitation.email} embedded />
          )}
        </div>
      ) : null}
    </AccountScreen>
  );
}
