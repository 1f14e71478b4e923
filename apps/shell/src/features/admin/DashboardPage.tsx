import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useNavigate } from '@teaminbox/ui';

export function DashboardPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <div>
      <div className="flex align-items-center justify-content-between flex-wrap gap-2 mb-3">
        <h1 className="m-0 text-2xl">{t('dashboard.heading')}</h1>
        <div className="flex gap-2">
          <Button
            label={t('dashboard.openInbox')}
            icon="pi pi-inbox"
            onClick={() => navigate('/admin/inbox')}
            data-testid="open-inbox"
          />
          <Button
            label={t('dashboard.manageMembers')}
            icon="pi pi-users"
            outlined
            onClick={() => navigate('/admin/team-members')}
            data-testid="manage-members"
          />
        </div>
      </div>
      <div className="grid-cards">
        <Card title={t('dashboard.inboxCard')} data-testid="card-inbox">
          <p className="m-0">{t('dashboard.inboxCardText')}</p>
        </Card>
        <Card title={t('dashboard.teamCard')} data-testid="card-team">
          <p className="m-0">{t('dashboard.teamCardText')}</p>
        </Card>
      </div>
    </div>
  );
}
