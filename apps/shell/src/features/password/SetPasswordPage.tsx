import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { PASSWORD_MIN_LENGTH } from '@teaminbox/contracts';
import { PageHeading, useNavigate } from '@teaminbox/ui';
import { useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { passwordChangeRequested, passwordFormOpened, passwordPromptDismissed, selectPassword } from './password.slice';
import { FormField } from '../auth/FormField';

type Problem = 'tooShort' | 'mismatch' | null;

export function passwordProblem(next: string, confirm: string): Problem {
  if (next.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (next !== confirm) return 'mismatch';
  return null;
}

/**
 * /admin/set-password: after a login-link sign-in (the forgot-password path) the new password is set
 * without the current one; otherwise, or when the server asks for it, the current password is needed.
 */
export function SetPasswordPage() {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { prompt, status, error, needsCurrent } = useAppSelector(selectPassword);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const submitted = useRef(false);
  const askCurrent = !prompt || needsCurrent;

  useEffect(() => {
    dispatch(passwordFormOpened());
  }, [dispatch]);

  useEffect(() => {
    if (submitted.current && status === 'succeeded') navigate('/admin', { replace: true });
  }, [status, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblem(next, confirm);
    setProblem(found);
    if (found) return;
    submitted.current = true;
    dispatch(
      passwordChangeRequested({ newPassword: next, ...(askCurrent && current ? { currentPassword: current } : {}) }),
    );
  };

  return (
    <div className="flex flex-column gap-3" style={{ maxWidth: 520 }}>
      <PageHeading title={prompt ? t('password.setHeading') : t('password.changeHeading')} />
      <Card>
        <form onSubmit={submit} noValidate className="flex flex-column gap-2" data-testid="set-password-form">
          <p className="m-0 mb-2">{prompt ? t('password.linkIntro') : t('password.intro')}</p>
          {askCurrent ? (
            <FormField
              id="set-password-current"
              label={t('password.current')}
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={setCurrent}
            />
          ) : null}
          <FormField
            id="set-password-new"
            label={t('password.new')}
            type="password"
            autoComplete="new-password"
            value={next}
            error={problem === 'tooShort' ? t('password.tooShort', { min: PASSWORD_MIN_LENGTH }) : null}
            onChange={setNext}
          />
          <FormField
            id="set-password-confirm"
            label={t('password.confirm')}
            type="password"
            autoComplete="new-password"
            value={confirm}
            error={problem === 'mismatch' ? t('password.mismatch') : null}
            onChange={setConfirm}
          />
          {status === 'failed' && error ? (
            <Message severity="error" text={error} data-testid="set-password-error" />
          ) : null}
          <div className="flex gap-2">
            <Button
              type="submit"
              label={t('password.submit')}
              loading={status === 'pending'}
              data-testid="set-password-submit"
            />
            {prompt ? (
              <Button
                type="button"
                text
                label={t('password.skip')}
                onClick={() => {
                  dispatch(passwordPromptDismissed());
                  navigate('/admin');
                }}
                data-testid="set-password-skip"
              />
            ) : null}
          </div>
        </form>
      </Card>
    </div>
  );
}
