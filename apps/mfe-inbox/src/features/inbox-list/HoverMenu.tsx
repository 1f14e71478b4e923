import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';

/** How long a menu stays open after the pointer left it (spec: 150 ms). */
export const MENU_CLOSE_DELAY_MS = 150;

export interface HoverMenuItem {
  key: string;
  label: string;
  disabled?: boolean;
  onSelect?: () => void;
  /** A heading inside the menu (not selectable). */
  heading?: boolean;
}

/**
 * A menu that opens when the pointer is over its button (or on a click, for touch and keyboard), closes
 * 150 ms after the pointer left it, on Escape, after a choice, and when the user clicks anywhere else.
 */
export function HoverMenu({
  label,
  icon,
  items,
  testId,
  children,
}: {
  label: string;
  icon?: string;
  items: HoverMenuItem[];
  testId: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A click on the button after the pointer opened the menu keeps it open; only a menu opened by a click closes
  // on the next click (the pointer always passes over the button before clicking it).
  const openedByClick = useRef(false);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const show = () => {
    cancelClose();
    if (!open) openedByClick.current = false;
    setOpen(true);
  };
  const onButtonClick = () => {
    cancelClose();
    if (open && openedByClick.current) {
      setOpen(false);
      return;
    }
    openedByClick.current = true;
    setOpen(true);
  };
  const closeSoon = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS);
  };

  // A click anywhere outside closes the menu (so a click elsewhere closes every open menu).
  useEffect(() => {
    if (!open) return;
    const onDocumentClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('click', onDocumentClick, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onDocumentClick, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  useEffect(() => cancelClose, []);

  return (
    <div
      ref={root}
      style={{ position: 'relative', display: 'inline-block' }}
      onMouseEnter={show}
      onMouseLeave={closeSoon}
      onClick={(event) => event.stopPropagation()}
      data-testid={testId}
    >
      <Button
        type="button"
        size="small"
        outlined
        icon={icon}
        label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={onButtonClick}
      >
        {children}
      </Button>
      {open ? (
        <ul
          role="menu"
          aria-label={label}
          className="list-none p-1 m-0 surface-overlay border-1 surface-border border-round shadow-2"
          style={{ position: 'absolute', right: 0, top: '100%', zIndex: 10, minWidth: '12rem' }}
          data-testid={`${testId}-menu`}
        >
          {items.map((item) =>
            item.heading ? (
              <li key={item.key} role="presentation" className="px-2 py-1 text-sm font-semibold text-color-secondary">
                {item.label}
              </li>
            ) : (
              <li key={item.key} role="none">
                <button
                  type="button"
                  role="menuitem"
                  disabled={item.disabled}
                  className="p-link w-full text-left px-2 py-2 border-round"
                  onClick={() => {
                    setOpen(false);
                    item.onSelect?.();
                  }}
                >
                  {item.label}
                </button>
              </li>
            ),
          )}
        </ul>
      ) : null}
    </div>
  );
}
