import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import type { Email, Label, TeamMember } from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';
import { noticeRaised, selectCurrentUser, useAppDispatch, useAppSelector } from '@teaminbox/web-store';

const SUCCESS_MS = 2000;
const ERROR_MS = 3000;
const UNASSIGN = '__unassign__';

const SEVERITY: Record<string, 'success' | 'info' | 'warning' | 'danger' | 'secondary' | 'contrast' | null> = {
  primary: null,
  secondary: 'secondary',
  success: 'success',
  danger: 'danger',
  warning: 'warning',
  info: 'info',
  light: 'secondary',
  dark: 'contrast',
};

/** The label chips of a row, in the label's colour (solid or light background). */
export function LabelChips({ email, labels }: { email: Email; labels: Label[] }) {
  return (
    <div className="flex flex-wrap gap-1" data-testid="label-chips">
      {labels
        .filter((label) => email.labels.includes(label.id))
        .map((label) => (
          <Tag
            key={label.id}
            value={label.name}
            severity={SEVERITY[label.color] ?? undefined}
            style={label.backgroundColor === 'light' ? { opacity: 0.75 } : undefined}
          />
        ))}
    </div>
  );
}

/** A row's assign menu (Unassign, "I'll take it", then each member) and its 'Choose Label' menu. */
export function RowMenus({ email, members, labels }: { email: Email; members: TeamMember[]; labels: Label[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const notify = (severity: 'success' | 'error', key: string, values?: Record<string, string>) =>
    dispatch(
      noticeRaised({ severity, key: `inbox.${key}`, values, lifeMs: severity === 'error' ? ERROR_MS : SUCCESS_MS }),
    );

  const assign = async (value: string) => {
    if (value === UNASSIGN) {
      try {
        await inboxApi.assign(email.id, '');
        notify('success', 'unassignedOk');
      } catch {
        notify('error', 'unassignError');
      }
      return;
    }
    const mine = value === 'me';
    if (mine && !me?.id) return notify('error', 'notAuthenticated');
    try {
      await inboxApi.assign(email.id, mine ? (me?.id ?? '') : value);
      notify('success', mine ? 'assignedToYou' : 'assignedOk');
    } catch {
      notify('error', 'assignError');
    }
  };

  const addLabel = async (labelId: string) => {
    const label = labels.find((l) => l.id === labelId);
    if (!label) return;
    try {
      await inboxApi.addLabelToEmail(email.id, label);
      notify('success', 'labelAssigned', { name: label.name });
    } catch {
      notify('error', 'labelError');
    }
  };

  const assignee = members.find((m) => m.id === email.assignedTo);
  return (
    <div className="flex gap-1" onClick={(e) => e.stopPropagation()} data-testid="row-menus">
      <Dropdown
        value={null}
        placeholder={assignee ? assignee.name || assignee.email : t('inbox.assignee')}
        options={[
          { label: t('inbox.unassign'), value: UNASSIGN },
          { label: t('inbox.takeIt'), value: 'me' },
          ...members.map((m) => ({ label: m.email, value: m.id })),
        ]}
        onChange={(e) => void assign(e.value as string)}
        aria-label={t('inbox.assignee')}
        data-testid="row-assign"
      />
      <Dropdown
        value={null}
        placeholder={t('inbox.chooseLabel')}
        options={labels.map((l) => ({ label: l.name, value: l.id, disabled: email.labels.includes(l.id) }))}
        onChange={(e) => void addLabel(e.value as string)}
        aria-label={t('inbox.chooseLabel')}
        data-testid="row-label"
      />
    </div>
  );
}
