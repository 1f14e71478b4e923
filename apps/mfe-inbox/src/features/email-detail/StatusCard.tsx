import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { EMAIL_STATUSES, PRIORITIES, type EmailDetail, type EmailStatus, type Priority } from '@teaminbox/contracts';
import { selectCanWrite, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { commandRequested } from './emailDetailSlice';

/**
 * The email's status (new, in progress, resolved, closed) and priority, each changed with a select; every change
 * is a command of the email, recorded in its action log and pushed live to the team. Disabled for an auditor.
 */
export function StatusCard({ email }: { email: EmailDetail }) {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const readOnly = !useAppSelector(selectCanWrite);
  return (
    <Card title={t('emailDetail.statusAndPriority')}>
      <div className="flex flex-column gap-2">
        <label htmlFor="email-status-select">{t('emailDetail.status')}</label>
        <Dropdown
          inputId="email-status-select"
          value={email.status}
          disabled={readOnly}
          options={EMAIL_STATUSES.map((status) => ({ value: status, label: t(`emailDetail.statuses.${status}`) }))}
          onChange={(e) => {
            const status = e.value as EmailStatus;
            if (status && status !== email.status) dispatch(commandRequested(email.id, { kind: 'setStatus', status }));
          }}
          data-testid="status-select"
        />
        <label htmlFor="email-priority-select">{t('emailDetail.priority')}</label>
        <Dropdown
          inputId="email-priority-select"
          value={email.priority}
          disabled={readOnly}
          options={PRIORITIES.map((priority) => ({ value: priority, label: t(`emailDetail.priorities.${priority}`) }))}
          onChange={(e) => {
            const priority = e.value as Priority;
            if (priority && priority !== email.priority) {
              dispatch(commandRequested(email.id, { kind: 'setPriority', priority }));
            }
          }}
          data-testid="priority-select"
        />
      </div>
    </Card>
  );
}
