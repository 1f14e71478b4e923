import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { Link, useNavigate, useParams } from '@teaminbox/ui';
import { loginLinkOpened, selectLinkSignIn, type LinkSignInStatus } from './linkSignIn.slice';
import { AccountScreen } from '../auth/FormField';

/** The spec: redirect to / one second after a successful sign-in. */
export const LOGIN_LINK_REDIRECT_MS = 1000;

/** Navigation state telling the shell that the visitor just signed in by a login link. */
export interface AfterLoginLinkState {
  afterLoginLink: true;
}

/**
 * /loginLink/{token}: loading the page does not use the link; the sign-in call made here does. The
 * token is sent once (the saga ignores the same token again).
 */
export function LoginLinkPage() {
  const { t } = useTranslation('shell');
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const linkSignIn = useAppSelector(selectLinkSignIn);
  const status: LinkSignInStatus = linkSignIn.token === token ? linkSignIn.status : 'pending';

  useEffect(() => {
    dispatch(loginLinkOpened(token));
  }, [dispatch, token]);

  useEffect(() => {
    if (status !== 'succeeded') return;
    const state: AfterLoginLinkState = { afterLoginLink: true };
    const timer = setTimeout(() => navigate('/', { state }), LOGIN_LINK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  const heading =
    status === 'succeeded'
      ? t('loginLink.success')
      : status === 'failed'
        ? t('loginLink.failed')
        : t('loginLink.waiting');
  return (
    <AccountScreen>
      <div className="flex flex-column gap-3 align-items-center" style={{ textAlign: 'center' }}>
        <h1 data-testid="login-link-status" data-status={status}>
          {heading}
        </h1>
        {status === 'pending' || status === 'idle' ? (
          <ProgressSpinner style={{ width: 40, height: 40 }} aria-label={t('remote.loading')} />
        ) : null}
        {status === 'failed' ? (
          <>
            <p className="m-0" data-testid="login-link-message">
              {t('loginLink.expired')}
            </p>
            <Link to="/login">{t('loginLink.backToLogin')}</Link>
          </>
        ) : null}
      </div>
    </AccountScreen>
  );
}
