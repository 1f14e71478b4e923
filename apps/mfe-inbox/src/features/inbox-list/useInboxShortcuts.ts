import type { Email } from '@teaminbox/contracts';
import { useShortcuts, useNavigate } from '@teaminbox/ui';
import { selectCanWrite, useAppDispatch, useAppSelector } from '@teaminbox/web-store';
import { cursorMoved, selectInbox } from './inboxListSlice';
import { useBulkAction, useRowActions } from './rowActions';

const rowElement = (index: number) => document.querySelectorAll<HTMLElement>('[data-testid="email-row"]')[index];

/**
 * The inbox's keys: j / k move between rows (the row takes the focus), Enter or o opens it, e archives it,
 * # (Shift+3) marks it spam, a assigns it to me, l opens its label menu, r opens it to reply. `emails`: the rows on
 * screen.
 */
export function useInboxShortcuts(emails: Email[]): void {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { cursor } = useAppSelector(selectInbox);
  const canWrite = useAppSelector(selectCanWrite);
  const bulk = useBulkAction(emails);
  const row = useRowActions();
  const index = emails.findIndex((email) => email.id === cursor);
  const current = index >= 0 ? emails[index] : null;

  const move = (step: number) => {
    if (emails.length === 0) return;
    const next = index < 0 ? 0 : Math.min(emails.length - 1, Math.max(0, index + step));
    dispatch(cursorMoved(emails[next].id));
    const row = rowElement(next);
    row?.focus();
    row?.scrollIntoView({ block: 'nearest' });
  };
  const onCurrent = (run: (id: string) => void) => () => {
    if (!current) return false;
    run(current.id);
  };
  // The keys that change an email do nothing for an auditor.
  const changing = (run: (email: Email) => void) => () => {
    if (!current || !canWrite) return false;
    run(current);
  };

  useShortcuts({
    next: () => move(1),
    previous: () => move(-1),
    openEmail: onCurrent((id) => navigate(`/admin/email-detail/${id}`)),
    archive: changing((email) => void bulk.run('archive', [email.id])),
    spam: changing((email) => void bulk.run('spam', [email.id])),
    assignToMe: changing((email) => void row.assign(email, 'me')),
    label: changing(() => rowElement(index)?.querySelector<HTMLElement>('[data-testid="row-label"] button')?.click()),
    reply: changing((email) => navigate(`/admin/email-detail/${email.id}#reply`)),
  });
}
