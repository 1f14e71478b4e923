/**
 * What the client reports to whoever shows it (the shell): error notices of secured calls, the
 * "upgrade required" signal (449) on which every open dialog closes, and the end of the session
 * (a secured call answered 401 for the token that is still stored).
 */
export type ApiEvent =
  { type: 'error'; status: number; text: string } | { type: 'upgrade-required' } | { type: 'unauthorized' };

type Listener = (event: ApiEvent) => void;
const listeners = new Set<Listener>();

export const apiEvents = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit(event: ApiEvent): void {
    for (const listener of [...listeners]) listener(event);
  },
};
