import type { SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Chip } from 'primereact/chip';
import { Dropdown } from 'primereact/dropdown';
import type { EmailDetail } from '@teaminbox/contracts';
import { selectCanWrite, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { useTeamDirectory } from '../../shared/teamDirectory';
import { commandRequested, labelChosen, selectEmailDetail } from './emailDetailSlice';

/** The email's labels as removable chips, and a label to add chosen from the team's labels (read-only for an auditor). */
export function LabelsCard({ email }: { email: EmailDetail }) {
  const { t } = useTranslation('inbox');
  const dispatch = useAppDispatch();
  const { labels } = useTeamDirectory();
  const { chosenLabel } = useAppSelector(selectEmailDetail);
  const canWrite = useAppSelector(selectCanWrite);
  const emailLabels = labels.filter((label) => email.labels.includes(label.id));
  const add = () => {
    const label = labels.find((l) => l.id === chosenLabel);
    if (label) dispatch(commandRequested(email.id, { kind: 'addLabel', label }));
  };
  return (
    <Card title={t('emailDetail.labels')}>
      <div className="flex flex-wrap gap-2 mb-2" data-testid="email-labels">
        {emailLabels.map((label) => (
          <Chip
            key={label.id}
            label={label.name}
            removable={canWrite}
            // The chip stays until the reloaded email no longer has the label: a failed removal keeps it.
            onRemove={() => {
              dispatch(commandRequested(email.id, { kind: 'removeLabel', labelId: label.id }));
              return false;
            }}
            pt={{
              removeIcon: {
                'aria-label': t('emailDetail.removeLabel', { name: label.name }),
                'data-testid': 'email-label-remove',
              } as SVGProps<SVGSVGElement>,
            }}
            data-testid="email-label"
          />
        ))}
      </div>
      {canWrite ? (
        <div className="flex gap-2">
          <Dropdown
            value={chosenLabel}
            options={labels.map((l) => ({ label: l.name, value: l.id, disabled: email.labels.includes(l.id) }))}
            onChange={(e) => dispatch(labelChosen(e.value as string))}
            placeholder={t('emailDetail.chooseLabel')}
            aria-label={t('emailDetail.chooseLabel')}
            // A label already on the email is disabled, for assistive technology too.
            pt={{ item: (options) => ({ 'aria-disabled': options?.context.disabled ?? false }) }}
            data-testid="label-select"
          />
          <Button type="button" size="small" label={t('emailDetail.addLabel')} disabled={!chosenLabel} onClick={add} />
        </div>
      ) : null}
    </Card>
  );
}
