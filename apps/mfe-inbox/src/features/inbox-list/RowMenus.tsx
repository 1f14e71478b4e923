import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { Email, Label, TeamMember } from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';
import { noticeRaised, selectCurrentUser, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { HoverMenu } from './HoverMenu';

const SUCCESS_MS = 2000;
const ERROR_MS = 3000;

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

/**
 * The team's members and labels for the cells of the inbox table. A context, not props: the table re-renders a
 * cell only when its row changes, and members or labels often arrive after the rows.
 */
export const InboxRowContext = createContext<{ members: TeamMember[]; labels: Label[] }>({ members: [], labels: [] });

/** The label chips of a row, in the label's colour (solid or light background). */
export function LabelChips({ email }: { email: Email }) {
  const { labels } = useContext(InboxRowContext);
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
export function RowMenus({ email }: { email: Email }) {
  const { members, labels } = useContext(InboxRowContext);
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const notify = (severity: 'success' | 'error', key: string, values?: Record<string, string>) =>
    dispatch(
      noticeRaised({ severity, key: `inbox.${key}`, values, lifeMs: severity === 'error' ? ERROR_MS : SUCCESS_MS }),
    );

  const assign = async (value: string | null) => {
    if (value === null) {
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

  const addLabel = async (label: Label) => {
    try {
      await inboxApi.addLabelToEmail(email.id, label);
      notify('success', 'labelAssigned', { name: label.name });
    } catch {
      notify('error', 'labelError');
    }
  };

  const assignee = members.find((m) => m.id === email.assignedTo);
  return (
    <div className="flex gap-1 justify-content-end" data-testid="row-menus">
      <HoverMenu
        label={assignee ? assignee.name || assignee.email : t('inbox.assignee')}
        icon="pi pi-user"
        testId="row-assign"
        items={[
          {
            key: 'unassign',
            label: t('inbox.unassign'),
            disabled: !email.assignedTo,
            onSelect: () => void assign(null),
          },
          { key: 'me', label: t('inbox.takeIt'), onSelect: () => void assign('me') },
          ...members.map((m) => ({
            key: m.id,
            label: m.email,
            disabled: m.id === email.assignedTo,
            onSelect: () => void assign(m.id),
          })),
        ]}
      />
      <HoverMenu
        label={t('inbox.actions')}
        icon="pi pi-ellipsis-v"
        testId="row-label"
        items={[
          { key: 'heading', label: t('inbox.chooseLabel'), heading: true },
          ...labels.map((label) => ({
            key: label.id,
            label: label.name,
            disabled: email.labels.includes(label.id),
            onSelect: () => void addLabel(label),
          })),
        ]}
      />
    </div>
  );
}
