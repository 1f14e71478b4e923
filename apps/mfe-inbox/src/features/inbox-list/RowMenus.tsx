import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { Email } from '@teaminbox/contracts';
import { initials } from '@teaminbox/ui';
import { useAppSelector } from '@teaminbox/web-store';
import { assignableMembers, selectTeamDirectory } from '../../shared/teamDirectory';
import { HoverMenu } from './HoverMenu';
import { useRowActions } from './rowActions';

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

/** The label chips of a row, in the label's colour (solid or light background), on one line. */
export function LabelChips({ email }: { email: Email }) {
  const { labels } = useAppSelector(selectTeamDirectory);
  return (
    <div className="inbox-label-chips flex gap-1" data-testid="label-chips">
      {labels
        .filter((label) => email.labels.includes(label.id))
        .map((label) => (
          <Tag
            key={label.id}
            value={label.name}
            severity={SEVERITY[label.color] ?? undefined}
            rounded={label.backgroundColor === 'light'}
          />
        ))}
    </div>
  );
}

/**
 * A row's assign menu (Unassign, "I'll take it", then each member but the auditors) and its 'Choose Label' menu,
 * behind two icon buttons named 'Assignee' (or the assignee, shown by initials) and 'Actions'.
 */
export function RowMenus({ email }: { email: Email }) {
  const { members, labels } = useAppSelector(selectTeamDirectory);
  const { t } = useTranslation('inbox');
  const actions = useRowActions();
  const assign = (to: string | null) => void actions.assign(email, to);

  const assignee = members.find((m) => m.id === email.assignedTo);
  return (
    <div className="row-menus flex align-items-center justify-content-end gap-1" data-testid="row-menus">
      <HoverMenu
        label={assignee ? assignee.name || assignee.email : t('inbox.assignee')}
        icon={
          assignee ? (
            <span className="row-assignee-initials" aria-hidden="true" data-testid="row-assignee">
              {initials(assignee.name, assignee.email)}
            </span>
          ) : (
            'pi pi-user-plus'
          )
        }
        testId="row-assign"
        items={[
          {
            key: 'unassign',
            label: t('inbox.unassign'),
            disabled: !email.assignedTo,
            onSelect: () => assign(null),
          },
          { key: 'me', label: t('inbox.takeIt'), onSelect: () => assign('me') },
          ...assignableMembers(members).map((m) => ({
            key: m.id,
            label: m.email,
            disabled: m.id === email.assignedTo,
            onSelect: () => assign(m.id),
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
            onSelect: () => void actions.label(email, label),
          })),
          // A team without labels still gets a menu item (an empty menu is announced as broken): it says so.
          ...(labels.length === 0 ? [{ key: 'none', label: t('inbox.noLabels'), disabled: true }] : []),
        ]}
      />
    </div>
  );
}
