import { useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Button } from 'primereact/button';
import { Menu, type MenuProps } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';

/** How long a menu stays open after the pointer left it (spec: 150 ms). */
export const MENU_CLOSE_DELAY_MS = 150;

export interface HoverMenuItem {
  key: string;
  label: string;
  disabled?: boolean;
  onSelect?: () => void;
  /** A heading inside the menu (not selectable); the items after it are its group. */
  heading?: boolean;
}

/** Above the button (the menu opens below it), on pointer hover. */
const TOOLTIP = { position: 'top' } as const;

/** The flat list as PrimeReact's model: a heading opens a group holding the items that follow it. */
function modelOf(items: HoverMenuItem[]): MenuItem[] {
  const model: MenuItem[] = [];
  let group: MenuItem | null = null;
  for (const item of items) {
    if (item.heading) {
      group = { label: item.label, items: [] };
      model.push(group);
      continue;
    }
    const entry: MenuItem = { label: item.label, disabled: item.disabled, command: () => item.onSelect?.() };
    if (group) group.items = [...(group.items as MenuItem[]), entry];
    else model.push(entry);
  }
  return model;
}

/**
 * A PrimeReact popup menu behind an icon button, that opens when the pointer is over its button (or on a click,
 * Enter or Space, for touch and keyboard), closes 150 ms after the pointer left both the button and the menu, on
 * Escape (focus back on the button), after a choice, and on a click anywhere else. The button shows only its icon:
 * its text is its accessible name and its tooltip (on hover).
 */
export function HoverMenu({
  label,
  icon,
  items,
  testId,
}: {
  /** The button's name (read out and shown as its tooltip) and the menu's. */
  label: string;
  /** A PrimeIcons class, or an element (e.g. an avatar) shown in its place. */
  icon: string | ReactNode;
  items: HoverMenuItem[];
  testId: string;
}) {
  const menu = useRef<Menu>(null);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A click on the button after the pointer opened the menu keeps it open; only a menu opened by a click closes
  // on the next click (the pointer always passes over the button before clicking it).
  const openedByClick = useRef(false);
  const anchor = () => ({ currentTarget: root.current }) as unknown as SyntheticEvent;

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const close = () => {
    cancelClose();
    menu.current?.hide(anchor());
  };
  const show = () => {
    cancelClose();
    if (open) return;
    openedByClick.current = false;
    menu.current?.show(anchor());
  };
  const onButtonClick = () => {
    cancelClose();
    if (open && openedByClick.current) return close();
    openedByClick.current = true;
    if (!open) menu.current?.show(anchor());
  };
  const closeSoon = () => {
    cancelClose();
    closeTimer.current = setTimeout(close, MENU_CLOSE_DELAY_MS);
  };

  // A click anywhere outside closes the menu (so a click elsewhere closes every open menu).
  useEffect(() => {
    if (!open) return;
    const onDocumentClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!root.current?.contains(target) && !document.getElementById(menuId)?.contains(target)) close();
    };
    document.addEventListener('click', onDocumentClick, true);
    return () => document.removeEventListener('click', onDocumentClick, true);
  });
  useEffect(() => cancelClose, []);

  return (
    <div
      ref={root}
      className="inline-block"
      onMouseEnter={show}
      onMouseLeave={closeSoon}
      onClick={(event) => event.stopPropagation()}
      data-testid={testId}
    >
      <Button
        type="button"
        text
        rounded
        icon={icon}
        aria-label={label}
        tooltip={label}
        tooltipOptions={TOOLTIP}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onButtonClick}
      />
      <Menu
        ref={menu}
        id={menuId}
        popup
        model={modelOf(items)}
        // Shown and hidden at once: the 150 ms close delay is the only wait.
        transitionOptions={{ disabled: true } as MenuProps['transitionOptions']}
        onShow={() => setOpen(true)}
        onHide={() => setOpen(false)}
        aria-label={label}
        pt={{
          root: {
            'data-testid': `${testId}-menu`,
            onMouseEnter: cancelClose,
            onMouseLeave: closeSoon,
            onClick: (event: MouseEvent) => event.stopPropagation(),
          } as object,
        }}
      />
    </div>
  );
}
