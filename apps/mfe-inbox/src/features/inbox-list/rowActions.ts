import type { Email, Label } from '@teaminbox/contracts';
import {
  noticeRaised,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  useAssignEmailMutation,
  useBulkEmailActionMutation,
  useBulkSnoozeMutation,
  useCreateSampleEmailsMutation,
  useLabelEmailMutation,
  useSetStarMutation,
  type BulkAction,
} from '@teaminbox/web-store';
import { ERROR_MS, notice } from '../../shared/notices';
import { bulkDone, selectInbox } from './inboxListSlice';
import { scopeOf } from './listView';

/**
 * A row's assign and label menus (a conversation row acts on its whole conversation) with the spec's notices (2 s
 * for successes, 3 s for errors). The list follows the pushed change.
 */
export function useRowActions() {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const [assignEmail] = useAssignEmailMutation();
  const [labelEmail] = useLabelEmailMutation();

  /** 'me', a member's id, or null to unassign. */
  const assign = async (row: Email, to: string | null) => {
    const scope = scopeOf(row);
    if (to === null) {
      const { error } = await assignEmail({ id: row.id, assignedTo: '', scope });
      dispatch(error ? notice('error', 'inbox.unassignError') : notice('success', 'inbox.unassignedOk'));
      return;
    }
    const mine = to === 'me';
    if (mine && !me?.id) {
      dispatch(notice('error', 'inbox.notAuthenticated'));
      return;
    }
    const { error } = await assignEmail({ id: row.id, assignedTo: mine ? (me?.id ?? '') : to, scope });
    if (error) dispatch(notice('error', 'inbox.assignError'));
    else dispatch(notice('success', mine ? 'inbox.assignedToYou' : 'inbox.assignedOk'));
  };

  const label = async (row: Email, chosen: Label) => {
    const { error } = await labelEmail({ id: row.id, label: chosen, scope: scopeOf(row) });
    if (error) dispatch(notice('error', 'inbox.labelError'));
    else dispatch(notice('success', 'inbox.labelAssigned', { name: chosen.name }));
  };

  return { assign, label };
}

/** The caller's star on a row; a failure says 'inbox.starError'. */
export function useStarToggle(): (id: string, starred: boolean) => Promise<void> {
  const dispatch = useAppDispatch();
  const [setStar] = useSetStarMutation();
  return async (id, starred) => {
    const { error } = await setStar({ id, on: !starred });
    if (error) dispatch(notice('error', 'inbox.starError'));
  };
}

/** One mutation shared by the selection bar and the keyboard: one bulk action runs at a time. */
const BULK_KEY = 'inbox-bulk';

/**
 * The selection bar's actions (and the keyboard's on one row): one call per chosen row on screen (a conversation
 * row's call acts on its whole conversation); the failures are counted in one notice, the selection is cleared and
 * the page is loaded again. A request while one runs is ignored.
 */
export function useBulkAction(rows: Email[]) {
  const dispatch = useAppDispatch();
  const { selectedIds } = useAppSelector(selectInbox);
  const [runBulk, { isLoading: acting }] = useBulkEmailActionMutation({ fixedCacheKey: BULK_KEY });
  const [runSnooze, { isLoading: snoozing }] = useBulkSnoozeMutation();
  const busy = acting || snoozing;
  const chosenRows = (ids: string[]) => {
    const chosen = rows.filter((email) => ids.includes(email.id));
    return chosen.map((email) => ({ id: email.id, scope: scopeOf(email) }));
  };
  /** Reports the failures (or success) and clears the selection. */
  const finish = (failed: number) => {
    dispatch(bulkDone());
    if (failed > 0) dispatch(notice('error', 'inbox.bulkError', { count: String(failed) }));
  };
  const run = async (action: BulkAction, ids: string[] = selectedIds) => {
    if (busy) return;
    const chosen = chosenRows(ids);
    const outcome = await runBulk({ action, rows: chosen });
    finish(outcome.data?.failed ?? chosen.length);
  };
  /** Snoozes the chosen rows until `until` (the detail's presets); true when every row was snoozed. */
  const snooze = async (until: Date, language: string): Promise<boolean> => {
    if (busy) return false;
    const chosen = chosenRows(selectedIds);
    const outcome = await runSnooze({ until: until.toISOString(), rows: chosen });
    const failed = outcome.data?.failed ?? chosen.length;
    finish(failed);
    if (failed === 0) dispatch(notice('success', 'snooze.done', { time: until.toLocaleString(language) }));
    return failed === 0;
  };
  return { busy, run, snooze };
}

/**
 * 'Load sample emails': the list and the count are loaded again; a refusal the server explains ({success: false,
 * message}) is shown for 3 s. A failed call is reported by the client.
 */
export function useSampleEmails() {
  const dispatch = useAppDispatch();
  const [create, { isLoading }] = useCreateSampleEmailsMutation();
  const load = async () => {
    const { data } = await create();
    if (data && data.success === false && data.message) {
      dispatch(noticeRaised({ severity: 'error', text: data.message, lifeMs: ERROR_MS }));
    }
  };
  return { loading: isLoading, load };
}
