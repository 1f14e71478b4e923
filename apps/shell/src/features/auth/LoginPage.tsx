import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Link, useNavigate } from '@teaminbox/ui';
import {
  selectSessionStatus,
  selectSignIn,
  signInRequested,
  useAppDispatch,
  useAppSelector,
} from '@teaminbox/web-store';
import { loginLinkRequested, loginLinkReset, selectLoginLink } from './auth.slice';
import { AccountScreen, FormField, type AccountFormProps } from './FormField';

export const RESET_EMAIL_MIN_LENGTH = 4;

/** The forgot-password rule: non-empty, contains '@', at least 4 characters. */
export function isResetEmailValid(email: string): boolean {
  return email.length >= RESET_EMAIL_MIN_LENGTH && email.includes('@');
}

function ResetPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const loginLink = useAppSelector(selectLoginLink);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!isResetEmailValid(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    dispatch(loginLinkRequested(value));
  };

  if (loginLink.status === 'succeeded') {
    return (
      <div data-testid="reset-panel">
        <h1>{t('login.checkInbox')}</h1>
        <p data-testid="reset-message">{loginLink.message}</p>
        <p>{t('login.clickLink')}</p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-column gap-2">
      <h1>{t('login.resetHeading')}</h1>
      <p className="m-0 mb-2">{t('login.resetIntro')}</p>
      <FormField
        id="reset-email"
        label={t('login.email')}
        type="email"
        required
        value={email}
        error={invalid ? t('login.invalidEmail') : null}
        onChange={setEmail}
      />
      {loginLink.status === 'failed' && loginLink.message ? (
        <Message severity="error" text={loginLink.message} data-testid="reset-error" />
      ) : null}
      <Button
        type="submit"
        label={t('login.sendResetLink')}
        loading={loginLink.status === 'pending'}
        data-testid="reset-submit"
      />
      <p className="m-0">
        {t('login.rememberPassword')}{' '}
        <Button type="button" link className="p-0" label={t('login.backToLogin')} onClick={onBack} />
      </p>
    </form>
  );
}

/**
 * The Login screen: normal mode and forgot-password mode. Embedded in the invitation screen it gets
 * the invitation id (sent with the form) and the invited email.
 */
export function LoginForm({ invitationId, initialEmail = '', embedded = false }: AccountFormProps) {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signIn = useAppSelector(selectSignIn);
  const status = useAppSelector(selectSessionStatus);
  const [mode, setMode] = useState<'login' | 'reset'>('login');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const attempted = useRef(false);

  useEffect(() => {
    if (attempted.current && status === 'authenticated') navigate('/admin');
  }, [status, navigate]);

  if (mode === 'reset') {
    return (
      <ResetPasswordForm
        onBack={() => {
          dispatch(loginLinkReset());
          setMode('login');
        }}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    attempted.current = true;
    dispatch(signInRequested({ email: email.trim(), password, ...(invitationId ? { invitationId } : {}) }));
  };

  return (
    <form onSubmit={submit} className="flex flex-column gap-2" data-testid="login-form">
      {embedded ? <h2>{t('login.heading')}</h2> : <h1>{t('login.heading')}</h1>}
      <p className="m-0 mb-2">{t('login.intro')}</p>
      <FormField
        id="login-email"
        label={t('login.email')}
        type="email"
        required
        autoComplete="username"
        value={email}
        onChange={setEmail}
      />
      <FormField
        id="login-password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <div>
        <Button
          type="button"
          link
          className="p-0"
          label={t('login.forgotPassword')}
          onClick={() => setMode('reset')}
          data-testid="forgot-password"
        />
      </div>
      {signIn.error ? <Message severity="error" text={signIn.error} data-testid="login-error" /> : null}
      <Button type="submit" label={t('login.submit')} loading={signIn.pending} data-testid="login-submit" />
      <p className="m-0 mt-3">
        {t('login.noAccount')} <Link to="/register">{t('login.signUp')}</Link>
      </p>
    </form>
  );
}

export function LoginPage() {
  return (
    <AccountScreen>
      <LoginForm />
    </AccountScreen>
  );
}
