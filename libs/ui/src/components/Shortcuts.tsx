import { lazy, Suspense, useEffect, useRef, useState } from 'react';

/** The shortcuts the app knows, in the order the help lists them, with the keys that trigger each. */
export const SHORTCUTS = [
  ['next', ['j']],
  ['previous', ['k']],
  ['openEmail', ['Enter', 'o']],
  ['archive', ['e']],
  ['spam', ['#', 'Shift+3']],
  ['assignToMe', ['a']],
  ['label', ['l']],
  ['reply', ['r']],
  ['search', ['/']],
  ['help', ['?']],
] as const;

export type Shortcut = (typeof SHORTCUTS)[number][0];

/** The shortcut a key press means, if any: '#' is also Shift+3 whatever the keyboard layout. */
export function shortcutOf(event: KeyboardEvent): Shortcut | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === '#' || (event.shiftKey && event.code === 'Digit3')) return 'spam';
  for (const [name, keys] of SHORTCUTS) {
    if ((keys as readonly string[]).includes(event.key)) return name;
  }
  return null;
}

/** Keys typed into a field, or Enter on a button or link, belong to that control, not to the shortcuts. */
function typingOrControl(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  if (
    target.closest(
      'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="menu"], [role="listbox"]',
    )
  )
    return true;
  return event.key === 'Enter' && Boolean(target.closest('button, a, [role="button"], [role="checkbox"]'));
}

/**
 * Runs the handlers of the shortcuts a screen supports while it is shown. Handlers that return false leave the
 * key to the browser.
 */
export function useShortcuts(handlers: Partial<Record<Shortcut, () => boolean | void>>): void {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || typingOrControl(event)) return;
      const shortcut = shortcutOf(event);
      const handler = shortcut ? current.current[shortcut] : undefined;
      if (!handler || handler() === false) return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

const ShortcutsDialog = lazy(async () => ({ default: (await import('./ShortcutsDialog')).ShortcutsDialog }));

/** The list of keyboard shortcuts ('?'), in a dialog that Esc closes; its code loads when it is first opened. */
export function ShortcutsHelp({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog visible={visible} onHide={onHide} />
    </Suspense>
  );
}
