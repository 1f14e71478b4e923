import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useNavigate } from '@teaminbox/ui';

export function HomePage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const points = [
    { icon: 'pi pi-inbox', title: t('home.sharedInbox'), text: t('home.sharedInboxText') },
    { icon: 'pi pi-lock', title: t('home.secure'), text: t('home.secureText') },
    { icon: 'pi pi-bolt', title: t('home.fast'), text: '' },
  ];
  return (
    <div className="p-3" style={{ maxWidth: 960, margin: '0 auto' }}>
      <section className="flex flex-column align-items-center gap-3" style={{ padding: '3rem 0', textAlign: 'center' }}>
        <h1 className="m-0">{t('app.name')}</h1>
        <p className="m-0 text-2xl text-color-secondary" data-testid="home-tagline">
          {t('home.tagline')}
        </p>
        <div className="flex gap-2">
          <Button label={t('home.getStarted')} onClick={() => navigate('/register')} data-testid="get-started" />
          <Button label={t('home.signIn')} outlined onClick={() => navigate('/login')} data-testid="home-sign-in" />
        </div>
      </section>
      <section className="grid-cards">
        {points.map((point) => (
          <Card key={point.title}>
            <div className="flex flex-column gap-2 align-items-center" style={{ textAlign: 'center' }}>
              <i className={point.icon} style={{ fontSize: '2rem' }} aria-hidden />
              <h2 className="m-0">{point.title}</h2>
              {point.text ? <p className="m-0 text-color-secondary">{point.text}</p> : null}
            </div>
          </Card>
        ))}
      </section>
    </div>
  );
}
