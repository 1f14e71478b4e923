import type { MenuItem } from 'primereact/menuitem';

/** An entry of one of the header's popup menus (the user menu, the bell's snooze menu) with a stable data-testid. */
export function menuEntry(label: string, icon: string, testId: string, command: () => void): MenuItem {
  return {
    label,
    icon,
    command,
    template: (item, options) => (
      <a className={options.className} onClick={options.onClick} data-testid={testId}>
        <span className={`${options.iconClassName} ${item.icon}`} />
        <span className={options.labelClassName}>{item.label}</span>
      </a>
    ),
  };
}
