import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import type { QuarantinedMessage } from '@teaminbox/contracts';
import { useAppDispatch, useMailQuarantineQuery, useRetryQuarantinedMutation } from '@teaminbox/web-store';
import { retryOutcome } from './configOutcomes';
import { messageCleared, messageShown, quarantineSourceRequested } from './emailServerConfigSlice';

const size = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.ceil(bytes / 1024)} kB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const NO_MESSAGES: QuarantinedMessage[] = [];

/**
 * Messages that could not be imported, for ADMIN and MAINTAINER: each with its folder, reason and attempts, the
 * original to download (when it was stored) and a Retry. The list is loaded afresh on each opening and after each
 * retry; a failed load keeps what was shown and says so in the card.
 */
export function QuarantineCard() {
  const { t, i18n } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const quarantine = useMailQuarantineQuery(undefined, { refetchOnMountOrArgChange: true });
  const messages = quarantine.data ?? NO_MESSAGES;
  const [retry, retried] = useRetryQuarantinedMutation();
  const retrying = retried.isLoading ? (retried.originalArgs ?? null) : null;
  const retryMessage = (id: string) => {
    if (retrying !== null) return;
    dispatch(messageCleared());
    void retry(id).then((result) => dispatch(messageShown(retryOutcome(result))));
  };
  return (
    <Card title={t('emailServerConfig.quarantine')} data-testid="quarantine">
      <p className="mt-0">{t('emailServerConfig.quarantineIntro')}</p>
      {quarantine.isError ? (
        <Message severity="warn" text={t('emailServerConfig.quarantineLoadFailed')} className="mb-2" />
      ) : null}
      <DataTable
        value={messages}
        dataKey="id"
        loading={quarantine.isFetching}
        size="small"
        emptyMessage={t('emailServerConfig.quarantineEmpty')}
        pt={{ bodyRow: { 'data-testid': 'quarantine-row' } as HTMLAttributes<HTMLTableRowElement> }}
      >
        <Column field="folder" header={t('emailServerConfig.quarantineFolder')} />
        <Column field="uid" header="UID" />
        <Column
          header={t('emailServerConfig.quarantineReason')}
          body={(row: QuarantinedMessage) => <span data-testid="quarantine-reason">{row.reason}</span>}
        />
        <Column header={t('emailServerConfig.quarantineSize')} body={(row: QuarantinedMessage) => size(row.size)} />
        <Column
          header={t('emailServerConfig.quarantinedAt')}
          body={(row: QuarantinedMessage) => new Date(row.quarantinedAt).toLocaleString(i18n.language)}
        />
        <Column
          header={t('emailServerConfig.quarantineAttempts')}
          body={(row: QuarantinedMessage) => <span data-testid="quarantine-attempts">{row.attempts}</span>}
        />
        <Column
          body={(row: QuarantinedMessage) => (
            <div className="flex gap-2">
              <Button
                type="button"
                icon="pi pi-download"
                text
                label={t('emailServerConfig.quarantineDownload')}
                disabled={!row.hasSource}
                tooltip={row.hasSource ? undefined : t('emailServerConfig.quarantineNoSource')}
                onClick={() => dispatch(quarantineSourceRequested({ id: row.id, uid: row.uid }))}
                data-testid="quarantine-download"
              />
              <Button
                type="button"
                icon="pi pi-refresh"
                outlined
                label={t('emailServerConfig.quarantineRetry')}
                loading={retrying === row.id}
                disabled={retrying !== null}
                onClick={() => retryMessage(row.id)}
                data-testid="quarantine-retry"
              />
            </div>
          )}
        />
      </DataTable>
    </Card>
  );
}
