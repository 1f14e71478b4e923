import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { isValidEmail, PASSWORD_MIN_LENGTH } from '@teaminbox/contracts';
import { useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { Link, useNavigate } from '@teaminbox/ui';
import { registrationRequested, registrationReset, selectRegistration } from './auth.slice';
import { AccountScreen, FormField, type AccountFormProps } from './FormField';

export function isRegistrationValid(email: string, password: string): boolean {
  return isValidEmail(email.trim()) && password.length >= PASSWORD_MIN_LENGTH;
}

/** The Register screen; an invitation id, when given, goes with the payload (and the invited email is filled in). */
export function RegisterForm({ invitationId, initialEmail = '', embedded = false }: AccountFormProps) {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const registration = useAppSelector(selectRegistration);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });

  useEffect(() => {
    dispatch(registrationReset());
  }, [dispatch]);

  if (registration.status === 'succeeded') {
    return (
      <div className="flex flex-column gap-3 align-items-center" data-testid="register-success">
        {embedded ? <h2>{t('register.success')}</h2> : <h1>{t('register.success')}</h1>}
        <Button
          type="button"
          label={t('register.goToLogin')}
          onClick={() => navigate('/login')}
          data-testid="go-to-login"
        />
      </div>
    );
  }

  const valid = isRegistrationValid(email, password);
  const emailInvalid = touched.email && !isValidEmail(email.trim());
  const passwordInvalid = touched.password && password.length < PASSWORD_MIN_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    dispatch(registrationRequested({ email: email.trim(), password, ...(invitationId ? { invitationId } : {}) }));
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-column gap-2" data-testid="register-form">
      {embedded ? <h2>{t('register.heading')}</h2> : <h1>{t('register.heading')}</h1>}
      <FormField
        id="register-email"
        label={t('register.email')}
        type="email"
        required
        autoComplete="username"
        value={email}
        error={emailInvalid ? t('register.emailInvalid') : null}
        onChange={setEmail}
        onBlur={() => setTouched((s) => ({ ...s, email: true }))}
      />
      <FormField
        id="register-password"
        label={t('register.password')}
        type="password"
        required
        autoComplete="new-password"
        value={password}
        error={passwordInvalid ? t('register.passwordTooShort', { min: PASSWORD_MIN_LENGTH }) : null}
        onChange={setPassword}
        onBlur={() => setTouched((s) => ({ ...s, password: true }))}
      />
      <p className="m-0 text-sm">
        {t('register.termsPrefix')}{' '}
        <a href="/termsAndConditions" target="_blank" rel="noopener noreferrer">
          {t('register.terms')}
        </a>
      </p>
      {registration.status === 'failed' && registration.message ? (
        <Message severity="error" text={registration.message} data-testid="register-error" />
      ) : null}
      <Button
        type="submit"
        label={t('register.submit')}
        disabled={!valid}
        loading={registration.status === 'pending'}
        data-testid="register-submit"
      />
      <p className="m-0 mt-3">
        {t('register.haveAccount')} <Link to="/login">{t('register.signIn')}</Link>
      </p>
    </form>
  );
}

export function RegisterPage() {
  return (
    <AccountScreen>
      <RegisterForm />
    </AccountScreen>
  );
}
