import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import { selectRealtimeStatus, useAppSelector } from '@teaminbox/web-store';

/** The realtime connection status, in Czech: 'Připojeno' or 'Odpojeno'. */
export function RealtimeStatus() {
  const { t } = useTranslation('inbox');
  const status = useAppSelector(selectRealtimeStatus);
  return (
    <Tag
      severity={status === 'connected' ? 'success' : 'danger'}
      icon={status === 'connected' ? 'pi pi-wifi' : 'pi pi-times-circle'}
      value={t(status === 'connected' ? 'inbox.connected' : 'inbox.disconnected')}
      data-testid="realtime-status"
      data-status={status}
    />
  );
}
