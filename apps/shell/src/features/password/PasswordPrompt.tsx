import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { selectSessionStatus, useAppSelector } from '@teaminbox/web-store';
import { useLocation, useNavigate } from '@teaminbox/ui';
import type { AfterLoginLinkState } from '../login-link/LoginLinkPage';
import { selectPassword } from './password.slice';

export const SET_PASSWORD_PATH = '/admin/set-password';

/** Right after a login-link sign-in (redirected to /), the user goes on to set a new password. */
export function AfterLoginLinkRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  const status = useAppSelector(selectSessionStatus);
  const { prompt } = useAppSelector(selectPassword);
  const afterLink = (location.state as Partial<AfterLoginLinkState> | null)?.afterLoginLink === true;
  useEffect(() => {
    if (location.pathname === '/' && afterLink && prompt && status === 'authenticated') {
      navigate(SET_PASSWORD_PATH, { replace: true });
    }
  }, [location.pathname, afterLink, prompt, status, navigate]);
  return null;
}

/** In the admin area, while a login-link session has not set a new password: a reminder with a link. */
export function PasswordPrompt() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { prompt } = useAppSelector(selectPassword);
  if (!prompt || pathname === SET_PASSWORD_PATH) return null;
  return (
    <Message
      severity="info"
      className="mb-3"
      data-testid="set-password-prompt"
      content={
        <div className="flex align-items-center gap-3 flex-wrap">
          <span>{t('password.prompt')}</span>
          <Button
            type="button"
            size="small"
            label={t('password.setHeading')}
            onClick={() => navigate(SET_PASSWORD_PATH)}
            data-testid="set-password-prompt-open"
          />
        </div>
      }
    />
  );
}
