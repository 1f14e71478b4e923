import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { PageHeading, useLocation, useNavigate } from '@teaminbox/ui';

/** An admin path that names no screen: said inside the shell, with a way back (the user stays signed in). */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div data-testid="not-found">
      <PageHeading title={t('notFound.heading')} />
      <p>{t('notFound.text', { path: pathname })}</p>
      <Button type="button" icon="pi pi-home" label={t('notFound.back')} onClick={() => navigate('/admin')} />
    </div>
  );
}
