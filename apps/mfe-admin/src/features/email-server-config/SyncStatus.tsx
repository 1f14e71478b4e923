import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import type { EmailServerConfig } from '@teaminbox/contracts';

/** When the mailbox was last synchronised, its last error, and the progress of a first synchronisation. */
export function SyncStatus({ config }: { config: EmailServerConfig }) {
  const { t, i18n } = useTranslation('admin');
  const time = (value: string) => new Date(value).toLocaleString(i18n.language);
  const progress = config.syncProgress;
  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  return (
    <div className="flex flex-column gap-2">
      <span data-testid="last-sync">
        {config.lastSyncAt
          ? t('emailServerConfig.lastSync', { time: time(config.lastSyncAt) })
          : t('emailServerConfig.neverSynced')}
      </span>
      {config.lastError ? (
        <Message
          severity="warn"
          text={t('emailServerConfig.lastError', {
            time: config.lastErrorAt ? time(config.lastErrorAt) : '',
            error: config.lastError,
          })}
          data-testid="last-error"
        />
      ) : null}
      {progress ? (
        <div data-testid="sync-progress">
          <span>{t('emailServerConfig.syncProgress', { done: progress.done, total: progress.total })}</span>
          <ProgressBar value={percent} />
        </div>
      ) : null}
    </div>
  );
}
